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

export function TagsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="org-nav-icon">
      <path d="M3.5 12.5V4.5a1 1 0 0 1 1-1h8l8 8-9 9-8-8zM8 8h.01" />
    </svg>
  );
}
