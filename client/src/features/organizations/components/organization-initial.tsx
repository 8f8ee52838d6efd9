import './organization-initial.css';

/** A square with the organization's first letter, so names scan quickly in lists. */
export function OrganizationInitial({ name, size = 'regular' }: { name: string; size?: 'small' | 'regular' }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className={`org-initial org-initial-${size}`} aria-hidden="true">
      {initial}
    </span>
  );
}
