// Outline icons of the organization sidebar (24 px grid, stroke drawn by CSS).

export function DashboardIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M4 13h6V4H4zM14 20h6v-9h-6zM14 4v3h6V4zM4 20h6v-3H4z" />
    </svg>
  );
}

export function ApplicantsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M4 5h16v14H4zM8.5 12.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5.5 16.5c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4M14 10h3.5M14 13.5h3.5" />
    </svg>
  );
}

export function MembersIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c.8-3.3 3-5 6-5s5.2 1.7 6 5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 15c1.6.6 2.6 2.2 3 5" />
    </svg>
  );
}

export function IntegrationIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M8 9 4.5 12 8 15M16 9l3.5 3L16 15M13.5 6l-3 12" />
    </svg>
  );
}

export function ActivityIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M3 12h4l3-7 4 14 3-7h4" />
    </svg>
  );
}

export function SettingsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7.4 7.4 0 0 1-2.1 1.2L14.7 21h-4l-.3-2.4a7.4 7.4 0 0 1-2.1-1.2l-1.9.7-2-3.4 1.6-1.2a7.6 7.6 0 0 1 0-2.4L4.4 9.9l2-3.4 1.9.7a7.4 7.4 0 0 1 2.1-1.2L10.7 3h4l.3 2.4a7.4 7.4 0 0 1 2.1 1.2l1.9-.7 2 3.4-1.6 1.2a7.6 7.6 0 0 1 0 2.4z" />
    </svg>
  );
}

export function ReviewSettingsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4" />
    </svg>
  );
}

export function TagsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M3.5 12.5V4.5a1 1 0 0 1 1-1h8l8 8-9 9-8-8zM8 8h.01" />
    </svg>
  );
}
