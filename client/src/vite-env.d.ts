interface ImportMetaEnv {
  readonly VITE_APP_NAME?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_REPORT_ISSUE_URL?: string;
}
