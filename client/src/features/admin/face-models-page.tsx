import { getErrorMessage } from '../../api/client';
import type { FaceModelDto, FaceModelMigrationDto, FaceModelsStatusDto } from '../../api/generated/types.gen';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Table, type TableColumn } from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { facesToMove, useFaceModels } from './api/face-models';

import './face-models-page.css';

const MODEL_NAMES: Record<string, string> = { faceres: 'faceres', dlib: 'dlib ResNet-34' };
const modelName = (model: string) => MODEL_NAMES[model] ?? model;

const STATE_BADGES: Record<FaceModelMigrationDto['state'], { variant: 'info' | 'success' | 'neutral'; text: string }> = {
  running: { variant: 'info', text: 'running' },
  completed: { variant: 'success', text: 'completed' },
  stopped: { variant: 'neutral', text: 'stopped' },
};

function modelColumns(current: string): TableColumn<FaceModelDto>[] {
  return [
    {
      id: 'name',
      header: 'Model',
      cell: (row) => (
        <span className="face-models-name">
          <strong>{modelName(row.name)}</strong>
          {row.name === current && <Badge variant="success">new faces</Badge>}
          <span className="face-models-label">{row.label}</span>
        </span>
      ),
    },
    { id: 'threshold', header: 'Threshold', cell: (row) => row.threshold.toFixed(3), width: 110 },
    { id: 'faces', header: "Applicants' faces", cell: (row) => row.faces.toLocaleString(), width: 150 },
    { id: 'blocklist', header: 'Blocklist', cell: (row) => row.blocklist.toLocaleString(), width: 110 },
  ];
}

/** The latest move, or what waits to be moved. */
function Migration({ status }: { status: FaceModelsStatusDto }) {
  const { migration, migrationMode: mode } = status;
  const waiting = facesToMove(status);
  if (!migration || (migration.state !== 'running' && waiting > 0)) {
    const stored = `${waiting.toLocaleString()} stored ${waiting === 1 ? 'face is' : 'faces are'} under another model than ${modelName(status.model)}`;
    return (
      <p className="face-models-note">
        {waiting === 0
          ? 'No move has been needed: every stored face is under the configured model.'
          : mode === 'paused'
            ? `${stored}. The move is paused (FACE_MODEL_MIGRATION); they are still searched with their own model.`
            : `${stored}. Their move starts within a few seconds; they are searched with their own model meanwhile.`}
      </p>
    );
  }
  const reached = migration.done + migration.failed;
  const badge = STATE_BADGES[migration.state];
  return (
    <>
      <div className="face-models-progress">
        <progress
          max={Math.max(migration.total, 1)}
          value={migration.total === 0 ? 1 : reached}
          aria-label={`Moving stored faces to ${modelName(migration.model)}`}
        />
        <span>
          {reached.toLocaleString()} of {migration.total.toLocaleString()} faces reached <Badge variant={badge.variant}>{badge.text}</Badge>
        </span>
      </div>
      <dl className="face-models-facts">
        <dt>To</dt>
        <dd>{modelName(migration.model)}</dd>
        <dt>Done</dt>
        <dd>
          {migration.done.toLocaleString()}
          {migration.fromCrops > 0 && ` (${migration.fromCrops.toLocaleString()} from the stored face crop, their photo gone)`}
        </dd>
        <dt>Failed</dt>
        <dd>{migration.failed === 0 ? 'none' : `${migration.failed.toLocaleString()}: ${migration.lastFailure ?? ''}`}</dd>
        <dt>Started</dt>
        <dd>{new Date(migration.startedAt).toLocaleString()}</dd>
        <dt>Finished</dt>
        <dd>{migration.finishedAt ? new Date(migration.finishedAt).toLocaleString() : mode === 'paused' ? 'not yet (paused)' : 'not yet'}</dd>
      </dl>
    </>
  );
}

/** /dashboard/user/me/face-models — a super-admin follows the stored faces' move to another embedding model. */
export function FaceModelsPage() {
  useDocumentTitle('Face models');
  const status = useFaceModels();
  return (
    <>
      <PageHeader
        title="Face models"
        description="The embedding that faces are compared with. Stored faces are moved to the configured model in the background, their embeddings computed again from the encrypted selfie photos; faces of two models are never compared with each other, each model has its own threshold."
      />
      {status.isPending ? (
        <p>Loading…</p>
      ) : status.isError ? (
        <Alert variant="danger">{getErrorMessage(status.error)}</Alert>
      ) : (
        <div className="face-models">
          <Card id="face-models-move" title="Moving stored faces">
            <Migration status={status.data} />
          </Card>
          <Card id="face-models-stored" title="Stored faces by model">
            <Table
              caption="Stored faces by embedding model"
              columns={modelColumns(status.data.model)}
              rows={status.data.models}
              getRowKey={(row) => row.name}
            />
          </Card>
        </div>
      )}
    </>
  );
}
