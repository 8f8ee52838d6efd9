import { useState } from 'react';

import { Button } from '../../../../components/ui/button';
import type { SavedPhoto, SelfiePose } from '../../model/widget-steps';
import { CheckIcon, HeadTurnIllustration, TurnArrowIcon } from './icons';
import type { CaptureReport } from '../../lib/camera';
import { PhotoStep, type PhotoStepCopy } from './photo-step';
import { StepActions, StepHeader } from './step-layout';

import './selfie-step.css';

export type Turn = 'left' | 'right';

const SELFIE_TITLE = 'Take a selfie';

const FACING_COPY: PhotoStepCopy = {
  title: SELFIE_TITLE,
  description:
    'Photo 1 of 2: look straight at the camera. Then we ask for a second photo with your head turned, to make sure a real person is taking them. We compare your face with the photo on your document.',
  subject: 'your face',
  tips: ['Face the camera in good, even light', 'Take off sunglasses, hats and masks', 'Only your face in the picture'],
  check: 'Check that your whole face is visible, sharp and well lit.',
  cameraHint: 'Fit your face inside the oval',
};

/** The pose challenge's copy, in the end user's own terms (their left, not the screen's). */
export function turnedCopy(turn: Turn): PhotoStepCopy {
  return {
    title: `Now turn your head to your ${turn}`,
    description: `Photo 2 of 2: keep your face in the picture and turn your head towards your ${turn} shoulder, about a quarter turn.`,
    subject: `your face turned to your ${turn}`,
    tips: [`Look towards your ${turn} shoulder`, 'Turn your head, not your phone', 'Keep your whole face in the picture'],
    check: `Check that your head is turned to your ${turn} and your face is sharp.`,
    cameraHint: `Turn your head to your ${turn}`,
  };
}

type View = 'current' | 'first' | 'retake';

/**
 * The selfie with its pose challenge: a photo facing the camera, then one with the head
 * turned to the side the session asks (`turn`). The step is done when both are uploaded;
 * a new facing photo means a new turned one too (the server drops the old one).
 */
export function SelfieStep({
  turn,
  facing,
  turned,
  onSave,
  onContinue,
  onBack,
}: {
  turn: Turn;
  facing: SavedPhoto | undefined;
  turned: SavedPhoto | undefined;
  onSave: (pose: SelfiePose, dataUrl: string, capture: CaptureReport) => Promise<unknown>;
  onContinue: () => void;
  onBack?: () => void;
}) {
  // 'first': the uploaded facing photo shown again (Back from the turned one); 'retake': both again.
  const [view, setView] = useState<View>('current');
  const phase = view === 'retake' || !facing ? 'facing' : view === 'first' ? 'first' : !turned ? 'turned' : 'done';

  const saveFacing = async (data: string, capture: CaptureReport) => {
    await onSave('facing', data, capture);
    setView('current');
  };

  switch (phase) {
    case 'facing':
      return (
        <PhotoStep
          key="facing"
          copy={FACING_COPY}
          facing="user"
          guide="face"
          saved={undefined}
          onSave={saveFacing}
          onContinue={() => setView('current')}
          // Retaking from the finished step: Back returns to both photos, untouched.
          onBack={view === 'retake' ? () => setView('current') : onBack}
        />
      );
    case 'first':
      return (
        <PhotoStep
          key="first"
          copy={FACING_COPY}
          facing="user"
          guide="face"
          saved={facing}
          onSave={saveFacing}
          onContinue={() => setView('current')}
          onBack={onBack}
        />
      );
    case 'turned':
      return (
        <PhotoStep
          key="turned"
          copy={turnedCopy(turn)}
          facing="user"
          guide="face"
          illustration={<HeadTurnIllustration turn={turn} />}
          cameraOverlay={
            <span className={`kyc-camera-turn kyc-camera-turn-${turn}`}>
              <TurnArrowIcon turn={turn} />
            </span>
          }
          saved={undefined}
          onSave={(data, capture) => onSave('turned', data, capture)}
          onContinue={onContinue}
          onBack={() => setView('first')}
        />
      );
    case 'done':
      return (
        <>
          <StepHeader title={SELFIE_TITLE} description="Both photos are uploaded." />
          <div className="kyc-selfie-pair">
            <SavedSelfie photo={facing} caption="Facing the camera" />
            <SavedSelfie photo={turned} caption={`Head turned to your ${turn}`} />
          </div>
          <StepActions onBack={onBack}>
            <Button size="large" variant="outline" onClick={() => setView('retake')}>
              Retake both
            </Button>
            <Button size="large" onClick={onContinue}>
              Continue
            </Button>
          </StepActions>
        </>
      );
  }
}

function SavedSelfie({ photo, caption }: { photo: SavedPhoto | undefined; caption: string }) {
  return (
    <figure className="kyc-selfie-saved">
      {photo?.preview ? (
        <img src={photo.preview} alt={`Your selfie: ${caption.toLowerCase()}`} />
      ) : (
        <div className="kyc-selfie-placeholder">
          <CheckIcon />
          <span>Uploaded</span>
        </div>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
