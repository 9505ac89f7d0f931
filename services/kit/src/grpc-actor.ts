import * as grpc from '@grpc/grpc-js';
import type { Actor, ActorTokenVerifier } from './internal-auth.js';
import { currentTraceHeaders } from './tracing.js';

/**
 * What travels with every gRPC call besides the request: the acting user's token, the request id and the trace
 * headers. The client factory (grpc-client.ts) writes it, the server adapter (grpc-server.ts) reads it.
 */

/** The call's actor token (see internal-auth.ts). */
export const ACTOR_TOKEN_HEADER = 'x-actor-token';
/** The request id a call carries, from the gateway's request to every call it causes. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Metadata for a call: the actor's token (gateway side), the request id and the trace headers. */
export function actorMetadata(token: string | undefined, requestId?: string): grpc.Metadata {
  const md = new grpc.Metadata();
  if (token) md.set(ACTOR_TOKEN_HEADER, token);
  if (requestId) md.set(REQUEST_ID_HEADER, requestId);
  for (const [k, v] of Object.entries(currentTraceHeaders())) md.set(k, v);
  return md;
}

/** The verified acting user of a call (service side). No token, or one that fails verification → null. */
export function readActor(verifier: ActorTokenVerifier, md: grpc.Metadata): Actor | null {
  const token = md.get(ACTOR_TOKEN_HEADER)[0];
  return verifier.verify(typeof token === 'string' ? token : undefined);
}
