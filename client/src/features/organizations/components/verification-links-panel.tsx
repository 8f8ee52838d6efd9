import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import { endpointOf, pathTemplate } from '../../../api/endpoints';
import type { VerificationSettingsDto } from '../../../api/generated/types.gen';
import { kycCreateSession, kycRevokeSession } from '../../../api/sdk';
import { Panel } from '../../../components/panel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useUpdateVerificationSettings } from '../api/update-verification-settings';
import { originLines, validateOrigins } from '../lib/redirect-origins';

// The form's fields look like the app's text fields (TextField's styles, for a textarea).
import '../../../components/ui/text-field.css';
import './verification-links-panel.css';

/** Where the developer documentation explains server-created links. */
export const SESSION_DOCS_LINK = `${paths.developer.root}#verification-sessions`;

function sessionExample(organizationId: string, origin: string): string {
  const create = endpointOf(kycCreateSession);
  return [
    `${create.method} ${create.url}`,
    'Authorization: Bearer <your API key>',
    '',
    JSON.stringify({ organizationId, userId: 'customer-42' }),
    '',
    `→ 201 {"sessionId":"…","url":"${origin}/kyc?session=…","expiresAt":"…"}`,
    '',
    `${endpointOf(kycRevokeSession).method} ${pathTemplate(kycRevokeSession, { id: '{sessionId}' })}   (ends the link)`,
  ].join('\n');
}

/**
 * The organization's verification links: server-created links (recommended), whether
 * the public companyKey links may start verifications, and where a link may send the
 * user back. Only the owner (or a super-admin) changes the settings; others read them.
 */
export function VerificationLinksPanel({
  organizationId,
  settings,
  canChange,
}: {
  organizationId: string;
  settings: VerificationSettingsDto;
  canChange: boolean;
}) {
  return (
    <Panel id="verification-links" title="Verification links" description="How your users reach the verification page of this organization.">
      <div className="verification-links">
        <section className="verification-links-recommended" aria-labelledby="verification-links-recommended">
          <div className="verification-links-heading">
            <h3 id="verification-links-recommended">Your server creates each link</h3>
            <span className="verification-links-badge">Recommended</span>
          </div>
          <p>
            For each user, your server asks for a link with its API key and sends the user to the <code>url</code> of the answer. The link works for that one
            user only, expires (after 24 hours unless you choose otherwise), can be revoked, and may carry its own redirect address from the list below.
          </p>
          <pre className="integration-code" data-testid="session-example">
            {sessionExample(organizationId, window.location.origin)}
          </pre>
          <p>
            <Link to={SESSION_DOCS_LINK}>How to create verification links, in the developer documentation</Link>
          </p>
        </section>
        {/* Keyed by what is stored: after a save the form shows the server's values. */}
        <VerificationSettingsForm key={JSON.stringify(settings)} organizationId={organizationId} settings={settings} canChange={canChange} />
      </div>
    </Panel>
  );
}

type PhotoQuality = NonNullable<VerificationSettingsDto['photoQuality']>;
type Threshold = Exclude<keyof PhotoQuality, 'enforce'>;

/** The thresholds as the form shows them: glare as a percentage. */
const THRESHOLDS: readonly { field: Threshold; label: string; hint: string; scale: number; max: number }[] = [
  { field: 'minSharpness', label: 'Least sharpness', hint: 'Variance of the Laplacian; below it the photo is blurry', scale: 1, max: 100_000 },
  { field: 'maxGlare', label: 'Most glare (%)', hint: 'Share of the photo washed out by a reflection', scale: 100, max: 100 },
  { field: 'minBrightness', label: 'Least brightness', hint: 'Mean luminance, 0–255', scale: 1, max: 255 },
  { field: 'minShortSide', label: 'Least size (px)', hint: 'Pixels on the short side', scale: 1, max: 10_000 },
];

function PhotoQualityFields({ value, onChange, disabled }: { value: PhotoQuality; onChange: (value: PhotoQuality) => void; disabled: boolean }) {
  const id = useId();
  return (
    <fieldset className="verification-settings-quality" disabled={disabled}>
      <legend className="verification-settings-label">Photo quality</legend>
      <div className="verification-settings-toggle">
        <input
          id={`${id}-enforce`}
          type="checkbox"
          className="verification-settings-checkbox"
          checked={value.enforce}
          onChange={(event) => onChange({ ...value, enforce: event.target.checked })}
        />
        <label htmlFor={`${id}-enforce`}>
          Refuse document photos below these thresholds, telling the person what to fix (otherwise they are only measured)
        </label>
      </div>
      <div className="verification-settings-thresholds">
        {THRESHOLDS.map(({ field, label, hint, scale, max }) => (
          <div key={field} className="text-field">
            <label htmlFor={`${id}-${field}`} className="text-field-label">
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              type="number"
              min={0}
              max={max}
              step="any"
              className="text-field-input"
              value={Number((value[field] * scale).toFixed(2))}
              aria-describedby={`${id}-${field}-hint`}
              onChange={(event) => onChange({ ...value, [field]: Number(event.target.value) / scale })}
            />
            <p id={`${id}-${field}-hint`} className="text-field-hint">
              {hint}
            </p>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function VerificationSettingsForm({ organizationId, settings, canChange }: { organizationId: string; settings: VerificationSettingsDto; canChange: boolean }) {
  const toast = useToast();
  const update = useUpdateVerificationSettings(organizationId);
  const [allowCompanyKeyLinks, setAllowCompanyKeyLinks] = useState(settings.allowCompanyKeyLinks);
  const [origins, setOrigins] = useState(settings.redirectAllowList.join('\n'));
  const [originsError, setOriginsError] = useState<string | undefined>();
  const [photoQuality, setPhotoQuality] = useState(settings.photoQuality);
  const toggleId = useId();
  const originsId = useId();
  const disabled = !canChange || update.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateOrigins(origins);
    setOriginsError(problem);
    if (problem) return;
    update.mutate(
      { allowCompanyKeyLinks, redirectAllowList: originLines(origins), photoQuality },
      { onSuccess: () => toast.success('Saved the verification link settings') },
    );
  };

  return (
    <form className="verification-settings" onSubmit={onSubmit} noValidate aria-label="Verification link settings">
      {!canChange && <Alert variant="info">Only the owner of the organization can change these settings.</Alert>}
      {update.isError && <Alert variant="danger">{getErrorMessage(update.error)}</Alert>}
      <div className="verification-settings-toggle">
        <input
          id={toggleId}
          type="checkbox"
          className="verification-settings-checkbox"
          checked={allowCompanyKeyLinks}
          disabled={disabled}
          aria-describedby={`${toggleId}-hint`}
          onChange={(event) => setAllowCompanyKeyLinks(event.target.checked)}
        />
        <div>
          <label htmlFor={toggleId} className="verification-settings-label">
            Allow public companyKey links
          </label>
          <p id={`${toggleId}-hint`} className="text-field-hint">
            Links of the form <code>/kyc?companyKey=…&amp;userId=…</code>, which anyone can build. They start a new verification only; one under way or
            submitted is never shown to whoever opens such a link. Turn them off once your server creates links.
          </p>
        </div>
      </div>
      <div className="text-field">
        <label htmlFor={originsId} className="text-field-label">
          Allowed redirect origins
        </label>
        <textarea
          id={originsId}
          className="text-field-input verification-settings-origins"
          value={origins}
          rows={4}
          placeholder="https://shop.example.com"
          spellCheck={false}
          readOnly={!canChange}
          disabled={update.isPending}
          aria-invalid={originsError ? true : undefined}
          aria-describedby={`${originsId}-note`}
          onChange={(event) => {
            setOrigins(event.target.value);
            setOriginsError(undefined);
          }}
        />
        <p id={`${originsId}-note`} className={originsError ? 'text-field-error' : 'text-field-hint'}>
          {originsError ?? 'One per line. A link your server creates may send the user back (its redirectUrl) only to an address on one of these origins.'}
        </p>
      </div>
      {photoQuality && <PhotoQualityFields value={photoQuality} onChange={setPhotoQuality} disabled={disabled} />}
      {canChange && (
        <div className="verification-settings-actions">
          <Button type="submit" isLoading={update.isPending}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}
