import * as grpc from '@grpc/grpc-js';

/**
 * gRPC for the services and the gateway, one file per job: the call's metadata (grpc-actor.ts), the server adapter
 * (grpc-server.ts) and the client factory (grpc-client.ts). This module gathers them under the kit's barrel.
 */
export { grpc };
export { ACTOR_TOKEN_HEADER, actorMetadata, readActor } from './grpc-actor.js';
export * from './grpc-server.js';
export * from './grpc-client.js';
