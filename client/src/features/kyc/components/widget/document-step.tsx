import { DOCUMENT_TYPES, type DocumentType } from '../../model/document-types';
import { DocumentIcon } from './icons';
import { StepHeader } from './step-layout';

export function DocumentStep({ selected, onChoose }: { selected: DocumentType | null; onChoose: (type: DocumentType) => void }) {
  return (
    <>
      <StepHeader title="Choose your document" description="Pick the official photo ID you have with you. It must be valid and not expired." />
      <ul className="kyc-document-grid">
        {DOCUMENT_TYPES.map((info) => (
          <li key={info.type}>
            <button type="button" className="kyc-document-card" aria-pressed={selected === info.type} onClick={() => onChoose(info.type)}>
              <span className="kyc-document-icon">
                <DocumentIcon type={info.type} />
              </span>
              <span className="kyc-document-text">
                <span className="kyc-document-label">{info.label}</span>
                <span className="kyc-document-description">{info.description}</span>
              </span>
              <svg className="kyc-document-chevron" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M9 6l6 6-6 6" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
