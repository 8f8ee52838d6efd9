import { Modal } from '../../../components/ui/modal';
import { REVIEW_SHORTCUTS, useShortcutsSetting } from '../lib/use-shortcuts';

/** The `?` dialog (or the Shortcuts button): every key of the details page and what it does, and the switch that turns them off. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [on, setOn] = useShortcutsSetting();
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
      <label className="decision-checkbox shortcuts-help-switch">
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} />
        Use single-key shortcuts (turn them off if they get in the way of a screen reader or voice control; kept in this browser)
      </label>
    </Modal>
  );
}
