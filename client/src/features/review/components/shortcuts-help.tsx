import { Modal } from '../../../components/ui/modal';
import { REVIEW_SHORTCUTS } from '../lib/use-shortcuts';

/** The `?` dialog: every key of the details page and what it does. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" size="small">
      <dl className="shortcuts-help">
        {REVIEW_SHORTCUTS.map(({ key, action }) => (
          <div key={key} className="shortcuts-help-row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <p className="shortcuts-help-note">Keys do nothing while you type in a field or a dialog is open.</p>
    </Modal>
  );
}
