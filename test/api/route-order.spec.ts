import { startTestApp, type TestApp } from '../support/app.js';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/** A request path for a route pattern: each parameter gets a value of its own. */
const sampleOf = (path: string) => path.replace(/:(\w+)/g, 'sample-$1');

// AppModule registers the hot read routes' modules first, because Express tries routes in
// turn. That is only safe while the order decides nothing: no request may be matched by
// routes of two different controllers (within one controller, Nest keeps the order the
// methods are written in, e.g. `applicants/next` before `applicants/:userId`).
describe('route order', () => {
  let t: TestApp;
  let routes: RouteLayer[];

  beforeAll(async () => {
    t = await startTestApp();
    const express: unknown = t.app.getHttpAdapter().getInstance();
    const { router } = express as { router: { stack: RouteLayer[] } };
    routes = router.stack.filter((layer) => layer.route?.path.startsWith('/api/'));
  });
  afterAll(() => t.close());

  it('lets no request match API routes of two controllers', () => {
    const handlersOf = (layer: RouteLayer) => Object.keys(layer.route!.methods);
    const shared: string[] = [];
    for (const route of routes) {
      for (const other of routes) {
        if (other === route || other.route!.path === route.route!.path) continue;
        const methods = handlersOf(route).filter((method) => other.route!.methods[method]);
        if (methods.length > 0 && other.match(sampleOf(route.route!.path))) shared.push(`${methods.join(',')} ${route.route!.path} ~ ${other.route!.path}`);
      }
    }
    // Swagger UI's own pair, and the pairs of one controller (ApplicantsController), in the order they are written.
    expect(shared.sort()).toEqual([
      'get /api/docs ~ /api/docs/',
      'get /api/docs/ ~ /api/docs',
      'get /api/projects/:id/applicants/export.csv ~ /api/projects/:id/applicants/:userId',
      'get /api/projects/:id/applicants/next ~ /api/projects/:id/applicants/:userId',
    ]);
    const index = (path: string) => routes.findIndex((layer) => layer.route!.path === path);
    expect(index('/api/projects/:id/applicants/next')).toBeLessThan(index('/api/projects/:id/applicants/:userId'));
    expect(index('/api/projects/:id/applicants/export.csv')).toBeLessThan(index('/api/projects/:id/applicants/:userId'));
  });

  it('puts the hot reads among the first routes', () => {
    const index = (path: string) => routes.findIndex((layer) => layer.route!.path === path);
    for (const path of ['/api/users/me', '/api/projects/:id/applicants', '/api/projects/:id/applicants/:userId']) {
      expect({ path, first: index(path) < 20 }).toEqual({ path, first: true });
    }
  });
});
