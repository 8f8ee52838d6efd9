import { Modal } from '../../../components/ui/modal';

import './compare-faces.css';

export interface ComparedPhoto {
  src: string;
  caption: string;
}

/**
 * The selfie beside the document's portrait side (its front), each as large as the screen
 * allows: the reviewer's own look at the faces the face match compared. Side by side, one
 * above the other on a phone.
 */
export function CompareFaces({ document, selfie, onClose }: { document: ComparedPhoto; selfie: ComparedPhoto; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Compare faces" size="full">
      <div className="compare-faces">
        {[document, selfie].map((photo) => (
          <figure key={photo.src} className="compare-faces-photo">
            <div className="compare-faces-frame">
              <img src={photo.src} alt={photo.caption} className="compare-faces-image" />
            </div>
            <figcaption className="compare-faces-caption">{photo.caption}</figcaption>
          </figure>
        ))}
      </div>
    </Modal>
  );
}
