import type { IdentityDto } from '../../../api/generated/types.gen';
import { isProvided, NOT_PROVIDED } from '../../../lib/applicant-labels';
import type { FieldComparison } from '../lib/document-comparison';
import { displayIdentityValue, IDENTITY_ROWS, type IdentityField } from '../lib/identity-fields';

import './key-value-table.css';

function Value({ field, value }: { field: IdentityField | string; value: string | null | undefined }) {
  return isProvided(value) ? <>{displayIdentityValue(field, value)}</> : <span className="kv-not-provided">{NOT_PROVIDED}</span>;
}

/**
 * The identity data as typed, one row per field; empty values say 'not provided'. With
 * the analysis' comparisons, a second column shows what the document says, and a field
 * that differs is highlighted.
 */
export function IdentityTable({ identity, comparisons }: { identity: IdentityDto; comparisons?: ReadonlyMap<string, FieldComparison> }) {
  const compared = comparisons !== undefined && comparisons.size > 0;
  return (
    <table className={compared ? 'kv-table kv-table-compared' : 'kv-table'}>
      <caption className="visually-hidden">Identity</caption>
      {compared && (
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Field</span>
            </th>
            <th scope="col">Typed</th>
            <th scope="col">Read from the document</th>
          </tr>
        </thead>
      )}
      <tbody>
        {IDENTITY_ROWS.map(({ field, label }) => {
          const comparison = comparisons?.get(field);
          const mismatch = comparison?.verdict === 'mismatch';
          return (
            <tr key={field} className={mismatch ? 'kv-mismatch' : undefined}>
              <th scope="row">{label}</th>
              <td>
                <Value field={field} value={identity[field]} />
                {mismatch && <span className="kv-mismatch-badge">Differs from the document</span>}
              </td>
              {compared && (
                <td className="kv-read">{comparison ? <Value field={field} value={comparison.extracted} /> : <span className="kv-not-provided">—</span>}</td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
