import { useReducer, useState } from 'react';

import type { WidgetSessionDto } from '../../../../api/generated/types.gen';
import { Alert } from '../../../../components/ui/alert';
import type { KycLink } from '../../api/kyc-keys';
import { useSavePersonalData } from '../../api/save-personal-data';
import { useSubmitKyc } from '../../api/submit-kyc';
import { useUploadKycDocument } from '../../api/upload-kyc-document';
import { documentTypeInfo } from '../../model/document-types';
import { PERSONAL_LABELS, toPersonalDataDto } from '../../model/personal-data';
import {
  isStepComplete,
  previousStep,
  stateFromSession,
  stepsFor,
  widgetReducer,
  type PhotoSlot,
  type WidgetAction,
  type WidgetState,
} from '../../model/widget-steps';
import { DocumentStep } from './document-step';
import { PersonalDataStep } from './personal-data-step';
import { PhotoStep, type PhotoStepCopy } from './photo-step';
import { ReviewStep } from './review-step';
import { SelfieStep } from './selfie-step';
import { StepFocusContext } from './step-layout';
import { StepIndicator } from './step-indicator';

import './kyc-widget.css';

const DOCUMENT_TIPS = ['All four corners are inside the frame', 'The text is sharp and easy to read', 'No glare, shadows or fingers over it'];

type DocumentSlot = Extract<PhotoSlot, 'front' | 'back'>;

/** A resubmission's step, as the end user reads it. */
const RESUBMISSION_STEP_NAMES: Readonly<Record<string, string>> = {
  'document-front': 'the front of your document',
  'document-back': 'the back of your document',
  selfie: 'your selfie',
  'personal-data': 'your personal details',
};

function photoCopy(slot: DocumentSlot, state: WidgetState): PhotoStepCopy {
  const noun = documentTypeInfo(state.documentType)?.noun ?? 'document';
  const isPassport = state.documentType === 'PASSPORT';
  const side = slot === 'front' ? (isPassport ? 'photo page' : 'front') : 'back';
  return {
    title: `${side[0].toUpperCase()}${side.slice(1)} of your ${noun}`,
    description:
      slot === 'front'
        ? `Place the ${side} of your ${noun} on a flat, dark surface and take a photo of it.`
        : `Now turn your ${noun} over and take a photo of the back.`,
    subject: `the ${side} of your ${noun}`,
    tips: DOCUMENT_TIPS,
    check: `Check that the whole ${noun} is in the picture and the text is sharp and readable.`,
    cameraHint: `Fit the ${side} inside the frame`,
  };
}

/** The built-in widget: document type, photos, selfie (two poses), personal data, review, submit. */
export function KycWidget({
  link,
  session,
  startOver = false,
  onSubmitted,
}: {
  link: KycLink;
  session: WidgetSessionDto;
  /** After a rejection that asks for a resubmission: begin again at the document type. */
  startOver?: boolean;
  onSubmitted: (session: WidgetSessionDto) => void;
}) {
  const [state, dispatch] = useReducer(widgetReducer, session, (initial) => {
    const resumed = stateFromSession(initial);
    return startOver ? { ...resumed, step: 'document' as const } : resumed;
  });
  const [hasMoved, setHasMoved] = useState(false);
  const upload = useUploadKycDocument(link);
  const savePersonalData = useSavePersonalData(link);
  const submit = useSubmitKyc(link);

  const go = (action: WidgetAction) => {
    if (action.type !== 'personalChanged') setHasMoved(true);
    dispatch(action);
  };
  const steps = stepsFor(state.documentType, state.redo);
  const back = previousStep(state) ? () => go({ type: 'back' }) : undefined;
  const info = documentTypeInfo(state.documentType);

  const photoStep = (slot: DocumentSlot) => (
    <PhotoStep
      copy={photoCopy(slot, state)}
      facing="environment"
      guide="document"
      saved={state.photos[slot]}
      onSave={async (data) => {
        const saved = await upload.mutateAsync({ docType: state.documentType!, side: slot, data });
        go({ type: 'photoSaved', slot, preview: data, read: saved.readFromPhoto });
      }}
      onContinue={() => go({ type: 'continue' })}
      onBack={back}
    />
  );

  return (
    <div className="kyc-widget">
      <header className="kyc-widget-intro">
        <h1 className="kyc-widget-title">Verify your identity for {session.organizationName}</h1>
        {session.resubmission ? (
          <Alert
            variant="warning"
            title={`Please redo one step: ${RESUBMISSION_STEP_NAMES[session.resubmission.step] ?? session.resubmission.step}`}
            className="kyc-widget-redo"
          >
            <p>{session.resubmission.message}</p>
            {session.resubmission.fields.length > 0 && (
              <p>Please correct: {session.resubmission.fields.map((field) => PERSONAL_LABELS[field as keyof typeof PERSONAL_LABELS] ?? field).join(', ')}.</p>
            )}
            <p>Everything else you sent before is kept: only this step is asked for again.</p>
          </Alert>
        ) : (
          <p className="kyc-widget-lead">It takes about 3 minutes. Have your document with you and find a well-lit place.</p>
        )}
      </header>
      <StepIndicator steps={steps} current={state.step} isComplete={(step) => isStepComplete(state, step)} />
      <section className="kyc-card kyc-step-card" aria-live="off">
        <StepFocusContext value={hasMoved}>
          {/* Keyed: every step starts with fresh local state (no draft photo carried from front to back). */}
          <div key={state.step} className="kyc-step-body">
            {state.step === 'document' && (
              <DocumentStep selected={state.documentType} onChoose={(documentType) => go({ type: 'chooseDocument', documentType })} />
            )}
            {state.step === 'front' && photoStep('front')}
            {state.step === 'back' && photoStep('back')}
            {state.step === 'selfie' && (
              <SelfieStep
                // The session's pose challenge; 'left' only if an edit session came without one.
                turn={session.selfieChallenge?.turn ?? 'left'}
                facing={state.photos.selfie}
                turned={state.photos.turned}
                onSave={async (pose, data, capture) => {
                  await upload.mutateAsync({ docType: 'SELFIE', pose, data, capture });
                  go({ type: 'photoSaved', slot: pose === 'facing' ? 'selfie' : 'turned', preview: data });
                }}
                onContinue={() => go({ type: 'continue' })}
                onBack={back}
              />
            )}
            {state.step === 'personal' && (
              <PersonalDataStep
                values={state.personal}
                prefilled={state.prefilled}
                toCorrect={session.resubmission?.fields ?? []}
                documentNoun={info?.noun ?? 'document'}
                onChange={(values) => go({ type: 'personalChanged', values })}
                onSave={async (values) => {
                  await savePersonalData.mutateAsync(toPersonalDataDto(values));
                  go({ type: 'personalSaved', values });
                }}
                onBack={back}
              />
            )}
            {state.step === 'review' && (
              <ReviewStep
                state={state}
                organizationName={session.organizationName}
                onEdit={(step) => go({ type: 'edit', step })}
                onSubmit={async () => onSubmitted(await submit.mutateAsync())}
                onBack={back}
              />
            )}
          </div>
        </StepFocusContext>
      </section>
    </div>
  );
}
