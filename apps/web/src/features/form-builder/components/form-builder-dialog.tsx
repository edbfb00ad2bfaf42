import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CONTROL_TYPE_LABELS,
  CUSTOM_CONTROL_TYPES,
  FORM_BUILDER_MAX_COLUMNS,
  FORM_BUILDER_MESSAGES,
  canAddColumn,
  canRemoveColumn,
  canRemoveSection,
  layoutControls,
  layoutIssues,
  type CustomControlType,
  type FormColumn,
  type FormControl,
  type FormLayout,
  type FormSection,
} from '@archline/contracts/form-builder';
import { useMemo, useState, type ReactNode } from 'react';
import {
  addColumn,
  addDivider,
  addSection,
  findColumn,
  insertControl,
  locateControl,
  moveColumn,
  moveControl,
  moveItem,
  newControl,
  removeColumn,
  removeControl,
  removeItem,
  replaceControl,
  stepControl,
} from '../layout-editing.ts';
import { ControlSettingsDialog } from './control-settings-dialog.tsx';
import { MarkerBadge } from '../../../components/marker-badge.tsx';

type Issue = { path: string; message: string };

/** A readable place for a layout issue: the control's label, the section number, or the layout. */
function describeIssue(layout: FormLayout, issue: Issue): string {
  const parts = issue.path.split('.');
  const item = layout[Number(parts[0])];
  if (!item || parts[0] === '') return issue.message;
  const sectionNumber = layout.slice(0, Number(parts[0]) + 1).filter((i) => i.type === 'section').length;
  if (item.type === 'section' && parts[1] === 'columns' && parts[3] === 'controls') {
    const control = item.columns[Number(parts[2])]?.controls[Number(parts[4])];
    const name = control?.props.label || (control ? CONTROL_TYPE_LABELS[control.system_type] : 'A control');
    return `${name} (section ${sectionNumber}): ${issue.message}`;
  }
  return `Section ${sectionNumber}: ${issue.message}`;
}

/** The control an issue path points at, if any. */
function controlIdOf(layout: FormLayout, path: string): string | null {
  const parts = path.split('.');
  const item = layout[Number(parts[0])];
  if (item?.type !== 'section' || parts[3] !== 'controls') return null;
  return item.columns[Number(parts[2])]?.controls[Number(parts[4])]?.id ?? null;
}

/** Turns the server's field errors (form_data.8.columns.0...) back into layout issues. */
export function serverIssues(errors: Record<string, string[]>): Issue[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ path: field.replace(/^form_data\.?/, ''), message })),
  );
}

function DragHandle({
  label,
  listeners,
  attributes,
}: {
  label: string;
  listeners: object | undefined;
  attributes: object;
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      {...attributes}
      {...listeners}
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
}

function Sortable({
  id,
  children,
}: {
  id: string;
  children: (sortable: ReturnType<typeof useSortable>) => ReactNode;
}) {
  const sortable = useSortable({ id });
  return <>{children(sortable)}</>;
}

const styleOf = (s: ReturnType<typeof useSortable>) => ({
  transform: CSS.Translate.toString(s.transform),
  transition: s.transition,
  opacity: s.isDragging ? 0.6 : 1,
  position: 'relative' as const,
  zIndex: s.isDragging ? 2 : undefined,
});

function ControlRow({
  control,
  issues,
  onEdit,
  onStep,
  canUp,
  canDown,
}: {
  control: FormControl;
  issues: string[];
  onEdit: () => void;
  onStep: (direction: -1 | 1) => void;
  canUp: boolean;
  canDown: boolean;
}) {
  const existing = control.system_type === 'existing';
  const label = control.props.label || CONTROL_TYPE_LABELS[control.system_type];
  const markers = [control.marker, ...(control.props.options ?? []).map((o) => o.marker)].filter(
    (m): m is NonNullable<typeof m> => Boolean(m),
  );
  return (
    <Sortable id={`control:${control.id}`}>
      {(s) => (
        <Paper
          ref={s.setNodeRef}
          variant="outlined"
          style={styleOf(s)}
          data-testid="builder-control"
          sx={{
            p: 0.5,
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            borderColor: issues.length ? 'error.main' : undefined,
          }}
        >
          <DragHandle label={`Drag ${label}`} listeners={s.listeners} attributes={s.attributes} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={label}>
              {label}
              {control.rules.required && ' *'}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="caption" color="text.secondary">
                {existing ? 'Built-in field' : CONTROL_TYPE_LABELS[control.system_type]}
              </Typography>
              {markers.map((m, i) => (
                <MarkerBadge key={i} marker={m} />
              ))}
            </Stack>
            {issues.map((message) => (
              <Typography key={message} variant="caption" color="error" component="p">
                {message}
              </Typography>
            ))}
          </Box>
          <IconButton
            size="small"
            aria-label={`Move ${label} up`}
            disabled={!canUp}
            onClick={() => onStep(-1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${label} down`}
            disabled={!canDown}
            onClick={() => onStep(1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          {!existing && (
            <IconButton size="small" aria-label={`Settings of ${label}`} onClick={onEdit}>
              <SettingsIcon fontSize="small" />
            </IconButton>
          )}
        </Paper>
      )}
    </Sortable>
  );
}

function AddControlButton({
  columnLabel,
  onAdd,
}: {
  columnLabel: string;
  onAdd: (type: CustomControlType) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-label={`Add control to ${columnLabel}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Add Control
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {CUSTOM_CONTROL_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            {CONTROL_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function ColumnBox({
  section,
  column,
  index,
  sectionNumber,
  issuesByControl,
  allColumnIds,
  onChange,
  onEdit,
  onAdd,
  layout,
}: {
  section: FormSection;
  column: FormColumn;
  index: number;
  sectionNumber: number;
  issuesByControl: Map<string, string[]>;
  allColumnIds: string[];
  onChange: (layout: FormLayout) => void;
  onEdit: (control: FormControl) => void;
  onAdd: (columnId: string, type: CustomControlType) => void;
  layout: FormLayout;
}) {
  const label = `section ${sectionNumber}, column ${index + 1}`;
  const firstColumn = allColumnIds[0] === column.id;
  const lastColumn = allColumnIds[allColumnIds.length - 1] === column.id;
  const removable = canRemoveColumn(section, column.id);
  return (
    <Sortable id={`column:${column.id}`}>
      {(s) => (
        <Paper
          ref={s.setNodeRef}
          style={styleOf(s)}
          variant="outlined"
          data-testid="builder-column"
          component="section"
          aria-label={`Column ${index + 1} of section ${sectionNumber}`}
          sx={{ flex: '1 1 0', minWidth: 220, p: 1, bgcolor: 'grey.50' }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <DragHandle
              label={`Drag column ${index + 1} of section ${sectionNumber}`}
              listeners={s.listeners}
              attributes={s.attributes}
            />
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              Column {index + 1}
            </Typography>
            <IconButton
              size="small"
              aria-label={`Move column ${index + 1} of section ${sectionNumber} left`}
              disabled={index === 0}
              onClick={() => onChange(moveColumn(layout, section.id, column.id, index - 1))}
            >
              <ArrowBackIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move column ${index + 1} of section ${sectionNumber} right`}
              disabled={index === section.columns.length - 1}
              onClick={() => onChange(moveColumn(layout, section.id, column.id, index + 1))}
            >
              <ArrowForwardIcon fontSize="small" />
            </IconButton>
            <Tooltip
              title={
                removable
                  ? ''
                  : section.columns.length === 1
                    ? FORM_BUILDER_MESSAGES.sectionNeedsColumn
                    : 'A column holding a built-in field cannot be removed.'
              }
            >
              <span>
                <IconButton
                  size="small"
                  aria-label={`Remove column ${index + 1} of section ${sectionNumber}`}
                  disabled={!removable}
                  onClick={() => onChange(removeColumn(layout, section.id, column.id))}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
          <SortableContext
            items={column.controls.map((c) => `control:${c.id}`)}
            strategy={verticalListSortingStrategy}
          >
            <Stack spacing={1} sx={{ minHeight: 48 }}>
              {column.controls.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
                  Drop controls here
                </Typography>
              )}
              {column.controls.map((control, i) => (
                <ControlRow
                  key={control.id}
                  control={control}
                  issues={issuesByControl.get(control.id) ?? []}
                  onEdit={() => onEdit(control)}
                  onStep={(direction) => onChange(stepControl(layout, control.id, direction))}
                  canUp={i > 0 || !firstColumn}
                  canDown={i < column.controls.length - 1 || !lastColumn}
                />
              ))}
            </Stack>
          </SortableContext>
          <Box sx={{ mt: 1 }}>
            <AddControlButton columnLabel={label} onAdd={(type) => onAdd(column.id, type)} />
          </Box>
        </Paper>
      )}
    </Sortable>
  );
}

/** Which droppables a drag may land on: items with items, columns within their section, controls with controls and columns. */
const collisionDetection: CollisionDetection = (args) => {
  const kind = String(args.active.id).split(':')[0];
  const accepts = (id: string) =>
    kind === 'control' ? id.startsWith('control:') || id.startsWith('column:') : id.startsWith(`${kind}:`);
  const droppableContainers = args.droppableContainers.filter((c) => accepts(String(c.id)));
  if (kind === 'control') {
    const within = pointerWithin({ ...args, droppableContainers });
    const control = within.find((c) => String(c.id).startsWith('control:'));
    if (control) return [control];
    if (within.length) return within;
  }
  return closestCenter({ ...args, droppableContainers });
};

/**
 * Keyboard dragging (Space, arrows, Space): steps among items of the dragged kind only, so a
 * section moves past sections and dividers, a column past columns, a control past controls.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const active = args.context.active;
  if (!active) return undefined;
  const kind = String(active.id).split(':')[0];
  const all = args.context.droppableContainers;
  const sameKind = {
    getEnabled: () => all.getEnabled().filter((c) => String(c.id).startsWith(`${kind}:`)),
    get: (id: string | number) => all.get(id),
  } as unknown as typeof all;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: sameKind },
  });
};

/**
 * The full-screen form builder: sections of columns holding controls, and dividers, arranged by
 * dragging or with the move buttons. Close discards; Save Changes checks the rules and saves.
 */
export function FormBuilderDialog({
  title,
  initialLayout,
  saving,
  onClose,
  onSave,
}: {
  title: string;
  initialLayout: FormLayout;
  saving: boolean;
  onClose: () => void;
  /** Saves the layout; answers the server's issues when it refuses it. */
  onSave: (layout: FormLayout) => Promise<Issue[] | null>;
}) {
  const [layout, setLayout] = useState<FormLayout>(initialLayout);
  const [editing, setEditing] = useState<FormControl | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const issuesByControl = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const issue of issues) {
      const id = controlIdOf(layout, issue.path);
      if (id) map.set(id, [...(map.get(id) ?? []), issue.message]);
    }
    return map;
  }, [issues, layout]);

  const change = (next: FormLayout) => {
    setLayout(next);
    if (issues.length) setIssues(layoutIssues(next));
  };

  const allColumnIds = layout.flatMap((i) => (i.type === 'section' ? i.columns.map((c) => c.id) : []));

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const [kind, id] = String(active.id).split(/:(.*)/s) as [string, string];
    if (kind !== 'control') return;
    const [overKind, overId] = String(over.id).split(/:(.*)/s) as [string, string];
    const from = locateControl(layout, id);
    if (!from) return;
    if (overKind === 'column' && overId !== from.column.id) {
      const target = findColumn(layout, overId);
      if (target) change(moveControl(layout, id, overId, target.column.controls.length));
    } else if (overKind === 'control') {
      const to = locateControl(layout, overId);
      if (to && to.column.id !== from.column.id) change(moveControl(layout, id, to.column.id, to.index));
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const [kind, id] = String(active.id).split(/:(.*)/s) as [string, string];
    const [overKind, overId] = String(over.id).split(/:(.*)/s) as [string, string];
    if (kind === 'item' && overKind === 'item') {
      change(
        moveItem(
          layout,
          id,
          layout.findIndex((i) => i.id === overId),
        ),
      );
    } else if (kind === 'column' && overKind === 'column') {
      const from = findColumn(layout, id);
      const to = findColumn(layout, overId);
      if (from && to && from.section.id === to.section.id)
        change(
          moveColumn(
            layout,
            from.section.id,
            id,
            to.section.columns.findIndex((c) => c.id === overId),
          ),
        );
    } else if (kind === 'control' && overKind === 'control') {
      const from = locateControl(layout, id);
      const to = locateControl(layout, overId);
      if (from && to) change(moveControl(layout, id, to.column.id, to.index));
    }
  };

  const save = async () => {
    setSaveError(null);
    const found = layoutIssues(layout);
    setIssues(found);
    if (found.length) return;
    const refused = await onSave(layout);
    if (refused) {
      setIssues(refused);
      if (!refused.length) setSaveError('The layout could not be saved.');
    }
  };

  const addControl = (columnId: string, type: CustomControlType) => {
    const control = newControl(type, layout);
    setLayout(insertControl(layout, columnId, control));
    setEditing(control);
  };

  const otherAttributeNames = (control: FormControl) =>
    layoutControls(layout)
      .filter((c) => c.id !== control.id && c.custom_system_name)
      .map((c) => c.custom_system_name as string);

  let sectionNumber = 0;
  const titleId = 'form-builder-title';

  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <Button onClick={onClose}>Close</Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<ViewColumnIcon />}
            onClick={() => change(addSection(layout))}
          >
            Add Section
          </Button>
          <Button
            variant="outlined"
            startIcon={<HorizontalRuleIcon />}
            onClick={() => change(addDivider(layout))}
          >
            Add Divider
          </Button>
        </Stack>
        {(issues.length > 0 || saveError) && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {saveError ?? 'The layout cannot be saved yet:'}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {issues.map((issue, i) => (
                <li key={i}>{describeIssue(layout, issue)}</li>
              ))}
            </Box>
          </Alert>
        )}
        <DndContext
          sensors={sensors}
          collisionDetection={collisionDetection}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={layout.map((i) => `item:${i.id}`)} strategy={verticalListSortingStrategy}>
            <Stack spacing={2}>
              {layout.map((item, index) => {
                const up = (
                  <IconButton
                    size="small"
                    aria-label={
                      item.type === 'section'
                        ? `Move section ${sectionNumber + 1} up`
                        : `Move divider ${index + 1} up`
                    }
                    disabled={index === 0}
                    onClick={() => change(moveItem(layout, item.id, index - 1))}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                );
                const down = (
                  <IconButton
                    size="small"
                    aria-label={
                      item.type === 'section'
                        ? `Move section ${sectionNumber + 1} down`
                        : `Move divider ${index + 1} down`
                    }
                    disabled={index === layout.length - 1}
                    onClick={() => change(moveItem(layout, item.id, index + 1))}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                );
                if (item.type === 'divider')
                  return (
                    <Sortable key={item.id} id={`item:${item.id}`}>
                      {(s) => (
                        <Stack
                          ref={s.setNodeRef}
                          style={styleOf(s)}
                          direction="row"
                          sx={{ alignItems: 'center', gap: 1 }}
                          data-testid="builder-divider"
                        >
                          <DragHandle
                            label={`Drag divider ${index + 1}`}
                            listeners={s.listeners}
                            attributes={s.attributes}
                          />
                          <Divider sx={{ flex: 1 }}>
                            <Typography variant="caption" color="text.secondary">
                              Divider
                            </Typography>
                          </Divider>
                          {up}
                          {down}
                          <IconButton
                            size="small"
                            aria-label={`Remove divider ${index + 1}`}
                            onClick={() => change(removeItem(layout, item.id))}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Stack>
                      )}
                    </Sortable>
                  );
                sectionNumber += 1;
                const number = sectionNumber;
                const removable = canRemoveSection(item);
                return (
                  <Sortable key={item.id} id={`item:${item.id}`}>
                    {(s) => (
                      <Paper
                        ref={s.setNodeRef}
                        style={styleOf(s)}
                        component="section"
                        aria-label={`Section ${number}`}
                        data-testid="builder-section"
                        sx={{ p: 1.5 }}
                      >
                        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                          <DragHandle
                            label={`Drag section ${number}`}
                            listeners={s.listeners}
                            attributes={s.attributes}
                          />
                          <Typography component="h3" variant="subtitle1" sx={{ flex: 1 }}>
                            Section {number}
                          </Typography>
                          <Chip
                            size="small"
                            label={`${item.columns.length} of ${FORM_BUILDER_MAX_COLUMNS} columns`}
                          />
                          <Tooltip title={canAddColumn(item) ? '' : FORM_BUILDER_MESSAGES.columnLimit}>
                            <span>
                              <Button
                                size="small"
                                startIcon={<AddIcon />}
                                disabled={!canAddColumn(item)}
                                onClick={() => change(addColumn(layout, item.id))}
                                aria-label={`Add column to section ${number}`}
                              >
                                Add Column
                              </Button>
                            </span>
                          </Tooltip>
                          {up}
                          {down}
                          <Tooltip
                            title={removable ? '' : 'A section containing built-in fields cannot be deleted.'}
                          >
                            <span>
                              <IconButton
                                size="small"
                                aria-label={`Delete section ${number}`}
                                disabled={!removable}
                                onClick={() => change(removeItem(layout, item.id))}
                              >
                                <DeleteOutlineIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                        </Stack>
                        <SortableContext
                          items={item.columns.map((c) => `column:${c.id}`)}
                          strategy={horizontalListSortingStrategy}
                        >
                          <Stack
                            direction={{ xs: 'column', md: 'row' }}
                            spacing={1.5}
                            sx={{ alignItems: 'stretch' }}
                          >
                            {item.columns.map((column, i) => (
                              <ColumnBox
                                key={column.id}
                                section={item}
                                column={column}
                                index={i}
                                sectionNumber={number}
                                issuesByControl={issuesByControl}
                                allColumnIds={allColumnIds}
                                onChange={change}
                                onEdit={setEditing}
                                onAdd={addControl}
                                layout={layout}
                              />
                            ))}
                          </Stack>
                        </SortableContext>
                      </Paper>
                    )}
                  </Sortable>
                );
              })}
            </Stack>
          </SortableContext>
        </DndContext>
      </Box>
      {editing && (
        <ControlSettingsDialog
          key={editing.id}
          control={editing}
          otherAttributeNames={otherAttributeNames(editing)}
          onCancel={() => {
            if (editing.temporary) setLayout((l) => removeControl(l, editing.id));
            setEditing(null);
          }}
          onDelete={() => {
            change(removeControl(layout, editing.id));
            setEditing(null);
          }}
          onSave={(control) => {
            change(replaceControl(layout, control));
            setEditing(null);
          }}
        />
      )}
    </Dialog>
  );
}
