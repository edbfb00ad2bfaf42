import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import {
  ARCH_WIRE_CHOICE_MESSAGES,
  builtInArchWiresLocked,
  refusedArchWireIds,
  type ArchWireItem,
} from '@archline/contracts';
import { useEffect, useMemo } from 'react';

const UPLOADED_GROUP = 'Uploaded arch wires';
const BUILT_IN_GROUP = 'Built-in arch wires';

/**
 * The case's arch wires: those offered to the doctor, the uploaded ones first. While an uploaded
 * arch wire is offered, the built-in ones are disabled (and dropped from the choice), as the
 * server refuses them.
 */
export function ArchWiresField({
  options,
  value,
  onChange,
  loading,
  disabled,
  error,
}: {
  options: readonly ArchWireItem[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const byId = useMemo(() => new Map(options.map((w) => [w.id, w])), [options]);
  const sorted = useMemo(
    () => [...options].sort((a, b) => Number(b.uploaded) - Number(a.uploaded)).map((w) => w.id),
    [options],
  );
  const locked = builtInArchWiresLocked(options);
  const refused = refusedArchWireIds(options, value);

  // A built-in arch wire chosen before the doctor (with uploaded ones) was: no longer a choice.
  useEffect(() => {
    if (!disabled && refused.length) onChange(value.filter((id) => !refused.includes(id)));
  }, [disabled, refused.join(',')]);

  return (
    <Autocomplete
      multiple
      options={sorted}
      groupBy={(id) => (byId.get(id)?.uploaded ? UPLOADED_GROUP : BUILT_IN_GROUP)}
      getOptionLabel={(id) => byId.get(id)?.label ?? `#${id}`}
      getOptionDisabled={(id) => locked && byId.get(id)?.uploaded === false}
      value={value}
      onChange={(_, ids) => onChange(ids)}
      loading={loading ?? false}
      disabled={disabled ?? false}
      noOptionsText="No options available"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Arch Wires"
          error={Boolean(error)}
          helperText={error ?? (locked ? ARCH_WIRE_CHOICE_MESSAGES.uploadedInUse : undefined)}
        />
      )}
    />
  );
}
