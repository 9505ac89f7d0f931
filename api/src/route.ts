import type { z } from 'zod';

/** A response body that is not JSON: its media type (an image, a redirect's empty body, a page). */
export interface Media {
  media: string;
  description: string;
}

/** Who may call a route: anyone, a signed-in user, an admin. */
export type Access = 'public' | 'user' | 'admin';

/**
 * One route of the HTTP API: what it takes (path parameters, query, JSON body) and what it answers per status.
 * Error statuses are not listed: every 4xx/5xx answer is an `ApiError`.
 */
export interface RouteSpec {
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Partial<Record<number, z.ZodType | Media>>;
}

export const route = <R extends RouteSpec>(spec: R): R => spec;

/** Media of the non-JSON answers. */
export const NO_BODY = (description: string): Media => ({ media: '', description });
export const isMedia = (r: z.ZodType | Media | undefined): r is Media => !!r && 'media' in r && 'description' in r && !('_zod' in r);
