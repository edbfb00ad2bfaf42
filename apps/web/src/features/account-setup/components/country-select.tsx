import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { COUNTRIES, countryByIso3, countryMatches, type Country } from '@archline/contracts';

/**
 * A country picked from the world list by name, alias or code; the value is the 3-letter code
 * (USA) that addresses store.
 */
export function CountrySelect({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  inputRef,
  name,
}: {
  value: string;
  onChange: (iso3: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  name?: string;
}) {
  const selected = countryByIso3(value) ?? null;
  return (
    <Autocomplete<Country, false, boolean>
      options={COUNTRIES}
      value={selected}
      onChange={(_event, country) => onChange(country?.iso_3 ?? '')}
      onBlur={onBlur}
      getOptionLabel={(c) => c.label}
      getOptionKey={(c) => c.iso_3}
      isOptionEqualToValue={(a, b) => a.iso_3 === b.iso_3}
      filterOptions={(options, state) => options.filter((c) => countryMatches(c, state.inputValue))}
      autoHighlight
      disableClearable={selected !== null}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label="Country"
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' },
          }}
        />
      )}
    />
  );
}
