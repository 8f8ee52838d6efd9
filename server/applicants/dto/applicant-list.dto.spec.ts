import 'reflect-metadata';
import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { AppValidationPipe } from '../../common/errors/validation-pipe.js';
import { handCheck } from '../../common/validation/hand-checked-query.js';
import { ApplicantQueueQueryDto, ApplicantsOverviewQueryDto, NextApplicantQueryDto } from './applicant-list.dto.js';

const pipe = new AppValidationPipe();
const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype });
/** The full validation (class-transformer and class-validator), as before the hand checks. */
const fullValidation = (value: unknown, metatype: ArgumentMetadata['metatype']) => ValidationPipe.prototype.transform.call(pipe, value, query(metatype));
/** A query string as Express 5 parses it: a null-prototype object of strings and arrays of strings. */
const parsed = (entries: [string, string | string[]][]) => Object.assign(Object.create(null) as object, Object.fromEntries(entries));
const plain = (instance: object) => JSON.parse(JSON.stringify(instance)) as unknown;

// Per parameter, values the full validation accepts and values it refuses.
const CANDIDATES: Record<string, (string | string[])[]> = {
  page: ['1', '2', ' 7 ', '40000', '1e2', '0', '-1', '1.5', '', 'x', '0x10', String(Number.MAX_SAFE_INTEGER), ['1', '2']],
  pageSize: ['25', '250', '251', '0', '', 'ten'],
  search: ['ann', '  ann  ', 'an', 'ab', '😀😀😀', '😀😀', '', '   ', 'x'.repeat(100), 'x'.repeat(101), '%%%', ['ann', 'bob']],
  orderBy: ['userId', ' createdAt ', 'submittedAt', 'name', '', 'USERID'],
  orderDirection: ['asc', 'DESC', ' Desc ', '', 'up'],
  status: [
    'pending',
    'pending,completed',
    ' pending , onHold ',
    ['pending', 'completed'],
    'pending,,',
    ',',
    'nope',
    'pending,nope',
    'init,pending,prechecked,queued,completed,onHold,pending',
  ],
  reviewAnswer: ['GREEN', 'RED', 'none', 'green', ''],
  flagged: ['any', 'face-match', 'Face', 'x'.repeat(48), 'x'.repeat(49), ''],
  assignee: ['me', 'unassigned', '6f1c2a0e-7a40-4c1e-9f53-2b4f6c0d9a11', 'someone', ''],
  submittedFrom: ['2026-01-31', '2026-01-31T10:00:00Z', '2026-02-30', '31/01/2026', ''],
  submittedTo: ['2026-02-28', 'yesterday'],
  documentType: ['PASSPORT', 'x'.repeat(32), 'x'.repeat(33), ''],
  tag: ['6f1c2a0e-7a40-4c1e-9f53-2b4f6c0d9a11', 'not-a-uuid', ''],
  notes: ['any', 'mine', 'all', ''],
  after: ['usr_1', 'x'.repeat(128), 'x'.repeat(129)],
  organizationId: ['6f1c2a0e-7a40-4c1e-9f53-2b4f6c0d9a11', ''],
  unknown: ['1'],
  ['__proto__']: ['x'],
};

const LIST = ['page', 'pageSize', 'search', 'orderBy', 'orderDirection'];
const QUEUE = [...LIST, 'status', 'reviewAnswer', 'flagged', 'assignee', 'submittedFrom', 'submittedTo', 'documentType', 'tag', 'notes'];

/** A small deterministic generator (a failure names a query that can be replayed): the DTO's parameters, now and then one it lacks. */
function* queries(names: string[], count: number): Generator<[string, string | string[]][]> {
  let seed = 7;
  // mulberry32
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
  const others = Object.keys(CANDIDATES).filter((name) => !names.includes(name));
  for (let i = 0; i < count; i += 1) {
    const chosen = names.filter(() => next(4) === 0);
    if (next(10) === 0) chosen.push(others[next(others.length)]);
    yield chosen.map((name) => [name, CANDIDATES[name][next(CANDIDATES[name].length)]]);
  }
}

describe.each([
  ['ApplicantQueueQueryDto', ApplicantQueueQueryDto, QUEUE],
  ['NextApplicantQueryDto', NextApplicantQueryDto, [...QUEUE, 'after']],
  ['ApplicantsOverviewQueryDto', ApplicantsOverviewQueryDto, [...LIST, 'organizationId']],
])('%s: the hand checks', (_name, dto, names) => {
  it('accept exactly the queries the full validation accepts, and build the same DTO', async () => {
    let fast = 0;
    let refused = 0;
    for (const entries of queries(names, 1500)) {
      const checked = handCheck(dto, parsed(entries));
      const full = await fullValidation(parsed(entries), dto).then(
        (value: object) => ({ value: plain(value) }),
        (error: Error) => ({ error: error.message }),
      );
      const context = JSON.stringify(entries);
      if (checked !== undefined) {
        fast += 1;
        expect(checked).toBeInstanceOf(dto);
        expect({ context, ...full }).toEqual({ context, value: plain(checked) });
      } else if ('error' in full) {
        refused += 1;
      } else {
        // The one query the full validation accepts that the hand checks leave to it: a
        // `__proto__` parameter, which Nest's pipe removes before validating.
        expect({ context, protoKey: entries.some(([name]) => name === '__proto__') }).toEqual({ context, protoKey: true });
      }
    }
    // Both paths were exercised.
    expect(fast).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(150);
  });
});

describe('AppValidationPipe on a list query', () => {
  it('takes the hand checks for a plainly valid query and keeps the defaults', async () => {
    const value = parsed([
      ['pageSize', '25'],
      ['status', 'pending,completed'],
      ['search', '  Ann  '],
      ['orderDirection', 'ASC'],
    ]);
    expect(handCheck(ApplicantQueueQueryDto, value)).toBeDefined();
    const result = (await pipe.transform(value, query(ApplicantQueueQueryDto))) as ApplicantQueueQueryDto;
    expect(result).toBeInstanceOf(ApplicantQueueQueryDto);
    expect(plain(result)).toEqual({ page: 1, pageSize: 25, status: ['pending', 'completed'], search: 'Ann', orderDirection: 'asc' });
  });

  it('answers an invalid query with the full validation’s messages', async () => {
    const value = parsed([
      ['page', '0'],
      ['search', 'ab'],
      ['colour', 'red'],
    ]);
    expect(handCheck(ApplicantQueueQueryDto, value)).toBeUndefined();
    await expect(pipe.transform(value, query(ApplicantQueueQueryDto))).rejects.toMatchObject({
      response: {
        code: 'VALIDATION_FAILED',
        message: expect.arrayContaining([
          'property colour should not exist',
          'page must not be less than 1',
          'search must be at least 3 characters long',
        ]) as unknown,
      },
    });
  });

  it('leaves DTOs without hand checks, and bodies, to the full validation', () => {
    expect(handCheck(Object, parsed([['page', '1']]))).toBeUndefined();
    expect(handCheck(ApplicantQueueQueryDto, null)).toBeUndefined();
  });
});
