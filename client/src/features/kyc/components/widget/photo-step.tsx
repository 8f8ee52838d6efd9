import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';

import { getErrorMessage } from '../../../../api/client';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { IMAGE_TYPES } from '../../../../config/constants';
import { FILE_CAPTURE, hasCameraSupport, type CameraError, type CameraFacing, type CaptureReport } from '../../lib/camera';
import { PhotoError, prepareImageFile, UNREADABLE_FILE_MESSAGE } from '../../lib/image-processing';
import type { SavedPhoto } from '../../model/widget-steps';
import { CameraView } from './camera-view';
import { CameraIcon, CheckIcon, PhotoGuideIllustration, TipIcon, UploadIcon } from './icons';
import { StepActions, StepHeader } from './step-layout';

import './photo-step.css';

export interface PhotoStepCopy {
  title: string;
  description: string;
  /** "the front of your ID card", for labels and alternative texts. */
  subject: string;
  tips: readonly string[];
  /** Under the preview: what to check before using the photo. */
  check: string;
  /** On the live camera picture. */
  cameraHint: string;
}

type Mode = 'saved' | 'choose' | 'camera' | 'draft';

/**
 * One photo: taken with the camera or chosen from the device, previewed, then uploaded
 * when the applicant confirms it. Without a camera (or permission) it falls back to the
 * upload and says so.
 */
export function PhotoStep({
  copy,
  facing,
  guide,
  illustration,
  cameraOverlay,
  saved,
  onSave,
  onContinue,
  onBack,
}: {
  copy: PhotoStepCopy;
  facing: CameraFacing;
  guide: 'document' | 'face';
  /** Replaces the framing picture shown before a photo is taken. */
  illustration?: ReactNode;
  /** Drawn over the live camera picture. */
  cameraOverlay?: ReactNode;
  saved: SavedPhoto | undefined;
  /** The photo, and how it was captured (sent with a selfie: injection signals). */
  onSave: (dataUrl: string, capture: CaptureReport) => Promise<unknown>;
  onContinue: () => void;
  onBack?: () => void;
}) {
  const [mode, setMode] = useState<Mode>(saved ? 'saved' : 'choose');
  const [draft, setDraft] = useState<string | null>(null);
  const [capture, setCapture] = useState<CaptureReport>(FILE_CAPTURE);
  const [cameraNotice, setCameraNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButtonId = useId();
  const cameraAvailable = hasCameraSupport() && cameraNotice === null;

  const chooseFile = () => fileInput.current?.click();

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    setError(null);
    setIsPreparing(true);
    try {
      setDraft(await prepareImageFile(file));
      setCapture(FILE_CAPTURE);
      setMode('draft');
    } catch (problem) {
      setError(problem instanceof PhotoError ? problem.message : UNREADABLE_FILE_MESSAGE);
    } finally {
      setIsPreparing(false);
    }
  };

  const onCameraError = (problem: CameraError | PhotoError) => {
    if (problem.name === 'CameraError') setCameraNotice(problem.message);
    else setError(problem.message);
    setMode('choose');
    requestAnimationFrame(() => document.getElementById(uploadButtonId)?.focus());
  };

  const confirm = async () => {
    if (!draft) return;
    setError(null);
    setIsSaving(true);
    try {
      await onSave(draft, capture);
    } catch (problem) {
      setError(getErrorMessage(problem));
      setIsSaving(false);
    }
  };

  const retake = () => {
    setDraft(null);
    setError(null);
    setMode('choose');
  };

  return (
    <>
      <StepHeader title={copy.title} description={copy.description} />

      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`Upload a photo of ${copy.subject}`}
        onChange={(event) => void onFileChosen(event)}
      />

      {error && (
        <Alert variant="danger" className="kyc-step-alert">
          {error}
        </Alert>
      )}

      {mode === 'camera' && (
        <CameraView
          facing={facing}
          guide={guide}
          captureLabel="Take photo"
          hint={copy.cameraHint}
          overlay={cameraOverlay}
          onCapture={(dataUrl, report) => {
            setDraft(dataUrl);
            setCapture(report);
            setMode('draft');
          }}
          onCancel={() => setMode(saved && !draft ? 'saved' : 'choose')}
          onError={onCameraError}
        />
      )}

      {mode === 'choose' && (
        <>
          {cameraNotice && (
            <Alert variant="warning" className="kyc-step-alert">
              {cameraNotice}
            </Alert>
          )}
          <div className={`kyc-photo-guide kyc-photo-guide-${guide}`}>
            {illustration ?? <PhotoGuideIllustration guide={guide} />}
            <ul className="kyc-tips">
              {copy.tips.map((tip) => (
                <li key={tip}>
                  <TipIcon />
                  {tip}
                </li>
              ))}
            </ul>
          </div>
          <StepActions onBack={onBack}>
            <Button id={uploadButtonId} size="large" variant={cameraAvailable ? 'outline' : 'primary'} onClick={chooseFile} isLoading={isPreparing}>
              {!isPreparing && <UploadIcon />}
              Upload a photo
            </Button>
            {cameraAvailable && (
              <Button size="large" onClick={() => setMode('camera')} disabled={isPreparing}>
                <CameraIcon />
                Take a photo
              </Button>
            )}
          </StepActions>
        </>
      )}

      {mode === 'draft' && draft && (
        <>
          <figure className="kyc-photo-preview">
            <img src={draft} alt={`Your photo of ${copy.subject}`} />
            <figcaption>{copy.check}</figcaption>
          </figure>
          <StepActions onBack={onBack}>
            <Button size="large" variant="outline" onClick={retake} disabled={isSaving}>
              Retake
            </Button>
            <Button size="large" onClick={() => void confirm()} isLoading={isSaving}>
              Use this photo
            </Button>
          </StepActions>
        </>
      )}

      {mode === 'saved' && saved && (
        <>
          <figure className="kyc-photo-preview">
            {saved.preview ? (
              <img src={saved.preview} alt={`Your photo of ${copy.subject}`} />
            ) : (
              <div className="kyc-photo-placeholder">
                <CheckIcon />
                <span>Your photo of {copy.subject} is uploaded</span>
              </div>
            )}
          </figure>
          <StepActions onBack={onBack}>
            <Button size="large" variant="outline" onClick={retake}>
              Retake
            </Button>
            <Button size="large" onClick={onContinue}>
              Continue
            </Button>
          </StepActions>
        </>
      )}
    </>
  );
}
