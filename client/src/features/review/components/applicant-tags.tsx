import { useId, useState } from 'react';

import type { TagDto } from '../../../api/generated/types.gen';
import { useTags } from '../../../api/tags';
import { TagChips } from '../../../components/tag-chips';
import { useToast } from '../../../components/ui/toast-context';
import { useApplicantTagging } from '../api/tags';

import './applicant-tags.css';

export interface ApplicantTagsProps {
  organizationId: string;
  userId: string;
  /** The applicant's tags (from its details). */
  tags: readonly TagDto[];
  /** Staff who may change the applicant (applicants:update); others only see the tags. */
  canEdit: boolean;
}

/** An applicant's tags, with adding and removing for staff (each change audited on the server). */
export function ApplicantTags({ organizationId, userId, tags, canEdit }: ApplicantTagsProps) {
  const selectId = useId();
  const toast = useToast();
  const available = useTags(organizationId);
  const tagging = useApplicantTagging(organizationId, userId);
  const [choice, setChoice] = useState('');
  const addable = (available.data ?? []).filter((tag) => !tags.some((has) => has.id === tag.id));
  const change = (tagId: string, add: boolean) =>
    tagging.mutate(
      { tagId, add },
      {
        onSuccess: () => setChoice(''),
        onError: (error) => toast.error(error instanceof Error ? error.message : 'The tag could not be changed'),
      },
    );

  return (
    <div className="applicant-tags">
      {tags.length ? (
        <TagChips tags={tags} onRemove={canEdit ? (tag) => change(tag.id, false) : undefined} />
      ) : (
        <span className="applicant-tags-none">No tags</span>
      )}
      {canEdit && addable.length > 0 && (
        <form
          className="applicant-tags-add"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) change(choice, true);
          }}
        >
          <label htmlFor={selectId} className="visually-hidden">
            Add a tag
          </label>
          <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)} className="applicant-tags-select">
            <option value="">Add a tag…</option>
            {addable.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-outline btn-regular" disabled={!choice || tagging.isPending}>
            Add
          </button>
        </form>
      )}
    </div>
  );
}
