import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { FaceModelsStatusDto } from '../../api/generated/types.gen';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { FaceModelsPage } from './face-models-page';

const PATH = '/dashboard/user/me/face-models';
const superAdmin = buildUser({ role: 'super-admin' });

const STATUS: FaceModelsStatusDto = {
  model: 'dlib',
  migrationMode: 'background',
  models: [
    { name: 'faceres', label: 'Human faceres (age and gender description)', threshold: 0.72, faces: 1200, blocklist: 3 },
    { name: 'dlib', label: "dlib's ResNet-34, five-point aligned, mirrored average", threshold: 0.965, faces: 800, blocklist: 1 },
  ],
  migration: {
    model: 'dlib',
    state: 'running',
    total: 2004,
    done: 790,
    failed: 10,
    fromCrops: 4,
    lastFailure: 'applicant 1b9…: no usable face on its selfie photo or its stored crop',
    startedAt: '2026-11-29T12:00:00.000Z',
    finishedAt: null,
  },
};

describe('<FaceModelsPage>', { timeout: 20_000 }, () => {
  it("shows the move's progress (done, failed, total, started, model) and each model's threshold and stored faces", async () => {
    renderRoute(<FaceModelsPage />, { path: PATH, me: superAdmin, api: { faceModelsStatus: { body: STATUS } } });
    const progress = await screen.findByRole('progressbar', { name: 'Moving stored faces to dlib ResNet-34' });
    expect(progress).toHaveAttribute('value', '800');
    expect(progress).toHaveAttribute('max', '2004');
    expect(screen.getByText(/800 of 2,004 faces reached/)).toHaveTextContent('running');
    expect(screen.getByText(/790 \(4 from the stored face crop/)).toBeInTheDocument();
    expect(screen.getByText(/^10: applicant 1b9/)).toBeInTheDocument();
    expect(screen.getByText('not yet')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Stored faces by embedding model' });
    expect(within(table).getByRole('row', { name: /faceres/ })).toHaveTextContent('0.7201,2003');
    expect(within(table).getByRole('row', { name: /dlib/ })).toHaveTextContent(/new faces.*0\.965800/);
  });

  it('says when no move was needed, and what waits for a paused one', async () => {
    const moved = STATUS.models.map((model) => (model.name === 'faceres' ? { ...model, faces: 0, blocklist: 0 } : model));
    renderRoute(<FaceModelsPage />, { path: PATH, me: superAdmin, api: { faceModelsStatus: { body: { ...STATUS, models: moved, migration: null } } } });
    expect(await screen.findByText(/No move has been needed/)).toBeInTheDocument();
  });

  it('says how many faces wait while the move is paused', async () => {
    renderRoute(<FaceModelsPage />, {
      path: PATH,
      me: superAdmin,
      api: { faceModelsStatus: { body: { ...STATUS, migrationMode: 'paused', migration: null } } },
    });
    expect(await screen.findByText(/1,203 stored faces are under another model than dlib ResNet-34\. The move is paused/)).toBeInTheDocument();
  });
});
