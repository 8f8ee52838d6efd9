import { useId, useState } from 'react';

import { useToast } from '../../../components/ui/toast-context';
import { exportApplicants, type ExportProgress } from '../api/export-applicants';
import { useApplicantViews } from '../api/views';
import type { ApplicantFilterQuery, ListColumn } from '../lib/list-params';
import { LIST_COLUMNS } from '../lib/list-params';
import { COLUMN_LABELS } from './applicants-table';

import './list-actions.css';

/** Which columns the list shows: a checkbox per column, saved for the person. */
export function ColumnChooser({ columns, onChange }: { columns: readonly ListColumn[]; onChange: (columns: ListColumn[]) => void }) {
  return (
    <details className="list-menu">
      <summary className="btn btn-outline btn-regular">Columns</summary>
      <fieldset className="list-menu-panel">
        <legend>Columns shown</legend>
        {LIST_COLUMNS.map((column) => (
          <label key={column} className="list-menu-check">
            <input
              type="checkbox"
              checked={columns.includes(column)}
              disabled={column === 'userId'}
              onChange={(event) =>
                onChange(event.target.checked ? LIST_COLUMNS.filter((c) => c === column || columns.includes(c)) : columns.filter((c) => c !== column))
              }
            />
            {COLUMN_LABELS[column]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** Saved views: open one, save the current list (optionally shared), delete. */
export function ViewsMenu({
  organizationId,
  currentQuery,
  canShare,
  onOpen,
}: {
  organizationId: string;
  currentQuery: string;
  canShare: boolean;
  onOpen: (query: string) => void;
}) {
  const views = useApplicantViews(organizationId);
  const toast = useToast();
  const nameId = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  return (
    <details className="list-menu">
      <summary className="btn btn-outline btn-regular">Views</summary>
      <div className="list-menu-panel">
        {views.list.data?.length ? (
          <ul className="list-menu-views" aria-label="Saved views">
            {views.list.data.map((view) => (
              <li key={view.id}>
                <button type="button" className="list-menu-view" onClick={() => onOpen(view.query)}>
                  {view.name}
                  {view.shared && <span className="list-menu-shared"> · shared</span>}
                </button>
                {view.deletable && (
                  <button
                    type="button"
                    className="list-menu-delete"
                    aria-label={`Delete view ${view.name}`}
                    onClick={() => views.remove.mutate(view.id, { onError: () => toast.error('The view could not be deleted') })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="list-menu-empty">No saved views yet.</p>
        )}
        <form
          className="list-menu-save"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            views.save.mutate(
              { name: name.trim(), query: currentQuery, shared },
              { onSuccess: () => (setName(''), toast.success('View saved')), onError: () => toast.error('The view could not be saved') },
            );
          }}
        >
          <label htmlFor={nameId}>Save this list as</label>
          <input id={nameId} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} placeholder="e.g. My flagged" />
          {canShare && (
            <label className="list-menu-check">
              <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
              Share with the organization
            </label>
          )}
          <button type="submit" className="btn btn-primary btn-regular" disabled={!name.trim() || views.save.isPending}>
            Save view
          </button>
        </form>
      </div>
    </details>
  );
}

/** Downloads the filtered list as CSV, showing rows (and percent) as they stream in. */
export function ExportButton({ organizationId, query }: { organizationId: string; query: ApplicantFilterQuery }) {
  const toast = useToast();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const run = async () => {
    setProgress({ rows: 0, expected: null });
    try {
      const file = await exportApplicants(organizationId, query, setProgress);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = 'applicants.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed');
    } finally {
      setProgress(null);
    }
  };
  const percent = progress?.expected ? Math.min(100, Math.round((progress.rows / progress.expected) * 100)) : null;
  return (
    <button type="button" className="btn btn-outline btn-regular" onClick={() => void run()} disabled={progress !== null} aria-live="polite">
      {progress === null ? 'Export CSV' : `Exporting… ${progress.rows.toLocaleString('en')} rows${percent !== null ? ` (${percent}%)` : ''}`}
    </button>
  );
}
