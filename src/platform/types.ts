/** Shapes shared by the platform seams (src/platform/node and src/platform/web). */

/** Where an analyzer finds its models when no loader is given. */
export interface ModelsLocation {
  /** A directory (Node) or, in a browser, a URL path. */
  modelsDir?: string;
  /** A base URL the models are fetched from (any platform). */
  modelsUrl?: string | URL;
}
