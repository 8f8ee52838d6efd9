import { attemptsOf } from './applicant-attempts.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));
const event = (minute: number, action: string, detail: Record<string, unknown> = {}) => ({ action, detail, actorName: 'rita', createdAt: at(minute) });

describe('an applicant\u2019s attempts', () => {
  it('opens one per resubmission request, forgets an undone request, starts again at a reset', () => {
    const attempts = attemptsOf(
      [
        event(0, 'applicant.submitted'),
        event(1, 'applicant.resubmission_requested', { step: 'selfie', label: 'SELFIE_UNCLEAR', attempt: 2 }),
        event(2, 'applicant.decision_undone', { decision: 'resubmission' }),
        event(3, 'applicant.resubmission_requested', { step: 'personal-data', label: 'DATA_WRONG', attempt: 2 }),
        event(4, 'applicant.data_entered', {
          changes: [
            { field: 'name', from: 'Ana', to: 'Anna' },
            { field: 'sex', from: 'F', to: 'M' },
          ],
        }),
        event(5, 'applicant.data_entered', { changes: [{ field: 'sex', from: 'M', to: 'F' }] }),
        event(6, 'applicant.submitted'),
      ],
      [],
      [],
    );
    expect(attempts).toEqual([
      { attempt: 1, request: null, submittedAt: at(0).toISOString(), changedFields: [], changedPhotos: [] },
      {
        attempt: 2,
        request: { at: at(3).toISOString(), by: 'rita', step: 'personal-data', label: 'DATA_WRONG' },
        submittedAt: at(6).toISOString(),
        changedFields: [{ field: 'name', from: 'Ana', to: 'Anna' }],
        changedPhotos: [],
      },
    ]);
    expect(
      attemptsOf(
        [...[event(0, 'applicant.submitted'), event(1, 'applicant.resubmission_requested', { step: 'selfie', attempt: 2 })], event(2, 'applicant.reset')],
        [],
        [],
      ),
    ).toEqual([{ attempt: 1, request: null, submittedAt: null, changedFields: [], changedPhotos: [] }]);
  });

  it('pairs each replaced photo with what replaced it: a later attempt\u2019s kept photo, or the current one', () => {
    const events = [
      event(0, 'applicant.submitted'),
      event(1, 'applicant.resubmission_requested', { step: 'selfie', attempt: 2 }),
      event(2, 'applicant.submitted'),
      event(3, 'applicant.resubmission_requested', { step: 'selfie', attempt: 3 }),
      event(4, 'applicant.submitted'),
    ];
    const earlier = [
      { id: 'selfie-1', attempt: 1, docType: 'SELFIE', side: null },
      { id: 'selfie-2', attempt: 2, docType: 'SELFIE', side: null },
    ];
    const attempts = attemptsOf(events, earlier, [{ id: 'selfie-3', docType: 'SELFIE', side: null }]);
    expect(attempts.map((attempt) => attempt.changedPhotos)).toEqual([
      [],
      [{ docType: 'SELFIE', side: null, before: { id: 'selfie-1', earlier: true }, after: { id: 'selfie-2', earlier: true } }],
      [{ docType: 'SELFIE', side: null, before: { id: 'selfie-2', earlier: true }, after: { id: 'selfie-3', earlier: false } }],
    ]);
  });
});
