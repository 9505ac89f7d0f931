import type { ConsumerOptions, Db, Queryable, ServiceContext, Tx } from '@mzansi/kit';
import type { EventType } from '@mzansi/proto/events';
import type { Config } from './config.js';
import type * as schema from './data-access/schema.js';

/** Voting's tables: runService types its database and transactions over them. */
export type VotingSchema = typeof schema;
/** What runService hands voting's gRPC handlers, consumers and jobs. */
export type VotingContext = ServiceContext<VotingSchema, Config>;
/** A consumer of voting's: the events it handles, applied in a transaction over voting's tables. */
export type VotingConsumer<T extends EventType> = ConsumerOptions<T, VotingSchema>;
/** Voting's database, a transaction on it, and either (what a query can run on). */
export type VotingDb = Db<VotingSchema>;
export type VotingTx = Tx<VotingSchema>;
export type VotingQueryable = Queryable<VotingSchema>;
