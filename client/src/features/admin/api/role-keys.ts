// Query keys of the roles (permission matrix), TkDodo style; shared with lib/permissions.ts,
// which reads the same matrix to show or hide actions.
export { roleKeys } from '../../../api/query-keys';
