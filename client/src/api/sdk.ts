// The generated SDK's operations, on the configured client. Import operations from here,
// never from ./generated: this module loads ./client (the configuration) first.
import './client';

export * from './generated/sdk.gen';
