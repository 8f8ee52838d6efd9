import type { IdentityDto } from '../../../api/generated/types.gen';
import { isProvided, NOT_PROVIDED } from '../lib/applicant-labels';
import { displayIdentityValue, IDENTITY_ROWS } from '../lib/identity-fields';

import './key-value-table.css';

/** The extracted identity data, one row per field; empty values say 'not provided'. */
export function IdentityTable({ identity }: { identity: IdentityDto }) {
  return (
    <table className="kv-table">
      <caption className="visually-hidden">Identity</caption>
      <tbody>
        {IDENTITY_ROWS.map(({ field, label }) => {
          const value = identity[field];
          return (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td>
                {isProvided(value) ? (
                  displayIdentityValue(field, value)
                ) : (
                  <span className="kv-not-provided">{NOT_PROVIDED}</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
