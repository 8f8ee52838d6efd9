import type { TagDto } from '../api/generated/types.gen';

import './tag-chips.css';

/** Tags as coloured chips (the palette's text on its light background, each above 4.5:1). */
export function TagChips({ tags, onRemove }: { tags: readonly TagDto[]; onRemove?: (tag: TagDto) => void }) {
  return (
    <ul className="tag-chips" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id} className="tag-chip" data-color={tag.color}>
          {tag.name}
          {onRemove && (
            <button type="button" className="tag-chip-remove" onClick={() => onRemove(tag)} aria-label={`Remove tag ${tag.name}`}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
