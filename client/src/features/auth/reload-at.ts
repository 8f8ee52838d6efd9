/** A full page load: the whole app starts again from the server's view of the session. */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
