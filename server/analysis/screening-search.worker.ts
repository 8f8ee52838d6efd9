import { ScreeningIndex, type ListEntity, type ScreeningHit, type ScreeningOptions, type ScreeningQuery } from '../screening/index.js';
import { applyPoolPriority } from './worker-threads.js';

/** The lists in force are sent in pages ('load'), then indexed ('build'); 'screen' asks the index of that key. */
export type ScreeningSearchTask =
  | { task: 'load'; key: string; entities: ListEntity[] }
  | { task: 'build'; key: string }
  | { task: 'screen'; key: string; queries: ScreeningQuery[]; options: ScreeningOptions };

/** This thread's one index (the lists in force), and the entities of the next one while they arrive. */
let built: { key: string; index: ScreeningIndex<ListEntity> } | null = null;
let loading: { key: string; entities: ListEntity[] } | null = null;

applyPoolPriority();

/** Piscina's entry point, on the one thread of the screening pool: the index is built and searched here, never on the HTTP event loop. */
export default function screeningSearch(task: ScreeningSearchTask): number | ScreeningHit<ListEntity>[][] {
  if (task.task === 'load') {
    if (loading?.key !== task.key) loading = { key: task.key, entities: [] };
    for (const entity of task.entities) loading.entities.push(entity);
    return loading.entities.length;
  }
  if (task.task === 'build') {
    if (built?.key !== task.key) {
      built = { key: task.key, index: new ScreeningIndex(loading?.key === task.key ? loading.entities : []) };
      loading = null;
    }
    return built.index.size;
  }
  // The thread was replaced (it crashed) or another set of lists was built since: the caller builds again.
  if (built?.key !== task.key) throw new Error(`no screening index for the lists ${task.key}`);
  const index = built.index;
  return task.queries.map((query) => index.screen(query, task.options));
}
