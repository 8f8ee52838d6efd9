import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';

/** Whose sign-in must have a second factor, platform-wide: nobody (beyond organizations' own rules), administrators, or every account. */
export const TWO_FACTOR_SCOPES = ['off', 'admins', 'everyone'] as const;
export type TwoFactorScope = (typeof TWO_FACTOR_SCOPES)[number];

/** The super-admin's platform-wide two-factor rule: one row (id 'global'); no row: off. */
@Entity('two_factor_policy')
export class TwoFactorPolicy {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id: string;

  @Column({ type: 'varchar', length: 16, default: 'off' })
  requiredFor: TwoFactorScope;

  @Column({ type: 'varchar', length: 64 })
  updatedByName: string;

  @Column({ type: TIMESTAMP })
  updatedAt: Date;
}
