import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';

import type { TagDto } from '../../../api/generated/types.gen';
import { useTags } from '../../../api/tags';
import { useManagesOrganization } from '../../../api/organization-role';
import { PageHeader } from '../../../components/page-header';
import { TagChips } from '../../../components/tag-chips';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useTagEditor } from '../api/tags';

import './tags-page.css';

const COLORS = ['gray', 'blue', 'green', 'amber', 'red', 'purple', 'teal', 'pink'] as const satisfies readonly TagDto['color'][];

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function ColorSelect({ value, onChange, label }: { value: TagDto['color']; onChange: (color: TagDto['color']) => void; label: string }) {
  const id = useId();
  return (
    <span className="tags-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as TagDto['color'])}>
        {COLORS.map((color) => (
          <option key={color} value={color}>
            {color[0].toUpperCase() + color.slice(1)}
          </option>
        ))}
      </select>
    </span>
  );
}

function TagRow({ tag, organizationId, editable }: { tag: TagDto; organizationId: string; editable: boolean }) {
  const editor = useTagEditor(organizationId);
  const toast = useToast();
  const nameId = useId();
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const changed = name.trim() !== tag.name || color !== tag.color;
  return (
    <li className="tags-row">
      <TagChips tags={[{ ...tag, name: name.trim() || tag.name, color }]} />
      {editable && (
        <form
          className="tags-row-form"
          onSubmit={(event) => {
            event.preventDefault();
            editor.update.mutate(
              { tagId: tag.id, name: name.trim(), color },
              { onError: (error) => toast.error(errorMessage(error, 'The tag could not be saved')) },
            );
          }}
        >
          <span className="tags-field">
            <label htmlFor={nameId}>Name</label>
            <input id={nameId} value={name} maxLength={40} onChange={(event) => setName(event.target.value)} />
          </span>
          <ColorSelect value={color} onChange={setColor} label="Colour" />
          <button type="submit" className="btn btn-outline btn-regular" disabled={!changed || !name.trim()}>
            Save
          </button>
          <button
            type="button"
            className="btn btn-danger btn-regular"
            onClick={() => {
              if (window.confirm(`Delete the tag "${tag.name}"? It is taken off every applicant.`)) {
                editor.remove.mutate(tag.id, { onError: (error) => toast.error(errorMessage(error, 'The tag could not be deleted')) });
              }
            }}
          >
            Delete
          </button>
        </form>
      )}
    </li>
  );
}

/** .../tags: the organization's applicant tags; the owner and admins define them, everyone sees them. */
export function TagsPage() {
  const { organizationId = '' } = useParams();
  const tags = useTags(organizationId);
  const manages = useManagesOrganization(organizationId);
  const editor = useTagEditor(organizationId);
  const toast = useToast();
  const nameId = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState<TagDto['color']>('blue');
  return (
    <>
      <PageHeader
        title="Tags"
        description="Labels your team puts on applicants, e.g. VIP or Second look. Filter the applicants list by them."
        back={{ to: paths.dashboard.applicants(organizationId), label: 'Applicants' }}
      />
      <div className="tags-page">
        {manages && (
          <form
            className="tags-create"
            onSubmit={(event) => {
              event.preventDefault();
              editor.create.mutate(
                { name: name.trim(), color },
                {
                  onSuccess: () => (setName(''), toast.success('Tag created')),
                  onError: (error) => toast.error(errorMessage(error, 'The tag could not be created')),
                },
              );
            }}
          >
            <span className="tags-field">
              <label htmlFor={nameId}>New tag</label>
              <input id={nameId} value={name} maxLength={40} onChange={(event) => setName(event.target.value)} placeholder="e.g. Second look" />
            </span>
            <ColorSelect value={color} onChange={setColor} label="Colour" />
            <button type="submit" className="btn btn-primary btn-regular" disabled={!name.trim() || editor.create.isPending}>
              Create tag
            </button>
          </form>
        )}
        {tags.isPending || tags.error ? (
          <Loading error={tags.error} />
        ) : tags.data.length === 0 ? (
          <p className="tags-empty">No tags yet.{manages ? '' : ' The owner or an admin creates them.'}</p>
        ) : (
          <ul className="tags-list" aria-label="The organization's tags">
            {tags.data.map((tag) => (
              <TagRow key={`${tag.id}-${tag.name}-${tag.color}`} tag={tag} organizationId={organizationId} editable={manages} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
