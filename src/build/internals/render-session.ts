/**
 * Keeps the page renderer of one Astro build alive after the build, to render a product page on
 * request (src/build/product-render-thread.ts): the same compiled page module, the same renderers,
 * styles and scripts Astro used for the pages it wrote, asked for one more path. Astro 5 has no public
 * way to render a page of a static build outside `build()`, so this reaches into its build: it takes
 * the `BuildPipeline` Astro creates for the static generation (wrapping `BuildPipeline.create`), loads
 * the product route's compiled module while the build's server chunks are still on disk (Astro
 * deletes them when it is done; a loaded module stays loaded), and renders a path the way Astro's
 * `generatePath` does: a prerender `Request` for the page's URL, a `RenderContext`, `render(module)`.
 * The props are given instead of looked up through `getStaticPaths`, which lists only the products
 * that build rendered. That build generates no other page: only its compiled modules are wanted.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const astroDir = dirname(require.resolve('astro/package.json'));
/** One of Astro's own modules, as the same module instance Astro's build imports. */
export const astroModule = <T>(rel: string): Promise<T> => import(pathToFileURL(join(astroDir, rel)).href) as Promise<T>;

/** Files and the text in them this patch relies on (src/build/internals/index.ts checks them). */
export const RENDER_SESSION_RELIES_ON: [string, string][] = [
  ['dist/core/build/pipeline.js', 'static create({'],
  ['dist/core/build/pipeline.js', 'retrieveRoutesToGenerate()'],
  ['dist/core/build/generate.js', 'const pagesToGenerate = pipeline.retrieveRoutesToGenerate();'],
  ['dist/core/build/pipeline.js', 'async retrieveSsrEntry(route, filePath)'],
  ['dist/core/build/generate.js', 'const pipeline = BuildPipeline.create({ internals, manifest, options });'],
  ['dist/core/build/generate.js', 'response = await renderContext.render(mod);'],
  ['dist/core/render-context.js', 'const props = Object.keys(this.props).length > 0 ? this.props : await getProps({'],
];

interface AstroRoute {
  component: string;
  type: string;
}
interface AstroPipeline {
  options: { origin: string };
  logger: unknown;
  retrieveRoutesToGenerate(): Map<{ route: AstroRoute }, string>;
  retrieveSsrEntry(route: AstroRoute, filePath: string): Promise<{ page: () => Promise<unknown> }>;
}
interface PipelineModule {
  BuildPipeline: { create(args: unknown): AstroPipeline };
}
interface RenderContextModule {
  RenderContext: {
    create(args: Record<string, unknown>): Promise<{ render(mod: unknown): Promise<Response> }>;
  };
}
interface RequestModule {
  createRequest(args: Record<string, unknown>): Request;
}

/** A route of the captured build, ready to render any of its paths. */
export interface RouteRenderer {
  /** The page at `pathname` (`/en/shop/products/x`) with `props`, as Astro's build would write it. */
  render(pathname: string, props: Record<string, unknown>): Promise<Uint8Array>;
}

/**
 * Arms the capture for the next Astro build in this thread; `route` picks the page by its source file
 * (`shop/products/[slug].astro`). Resolves once that build has created its pipeline and the route's
 * module is loaded; the build itself goes on as usual.
 */
export async function captureRoute(routeFileEnd: string): Promise<{ route: Promise<RouteRenderer>; release(): void }> {
  const { BuildPipeline } = await astroModule<PipelineModule>('dist/core/build/pipeline.js');
  const { RenderContext } = await astroModule<RenderContextModule>('dist/core/render-context.js');
  const { createRequest } = await astroModule<RequestModule>('dist/core/request.js');
  const original = BuildPipeline.create;
  let found!: (r: RouteRenderer) => void;
  let failed!: (err: unknown) => void;
  const route = new Promise<RouteRenderer>((resolve, reject) => {
    found = resolve;
    failed = reject;
  });
  const release = () => {
    BuildPipeline.create = original;
  };
  BuildPipeline.create = function create(this: unknown, args: unknown) {
    const pipeline = original.call(this, args);
    release();
    const entry = [...pipeline.retrieveRoutesToGenerate()].find(([data]) => data.route.component.endsWith(routeFileEnd));
    if (!entry) failed(new Error(`the build has no page ${routeFileEnd}`));
    else {
      // This build is only here for its renderer: it generates the one route (whose page list is
      // empty) and none of the site's other pages.
      pipeline.retrieveRoutesToGenerate = () => new Map([entry]);
      const [{ route: routeData }, filePath] = entry;
      // Now, while the build's server chunks are on disk.
      pipeline
        .retrieveSsrEntry(routeData, filePath)
        .then((ssrEntry) => ssrEntry.page())
        .then((mod) =>
          found({
            async render(pathname, props) {
              // Astro's generatePath: 'preserve' pages and no trailing slash, the site's origin.
              const url = new URL(pathname, pipeline.options.origin);
              const request = createRequest({
                url,
                headers: new Headers(),
                logger: pipeline.logger,
                isPrerendered: true,
                routePattern: routeData.component,
              });
              const context = await RenderContext.create({ pipeline, pathname, request, routeData, clientAddress: undefined, props });
              const response = await context.render(mod);
              if (response.status !== 200) throw new Error(`${pathname} rendered with status ${response.status}`);
              return new Uint8Array(await response.arrayBuffer());
            },
          }),
        )
        .catch(failed);
    }
    return pipeline;
  };
  return { route, release };
}
