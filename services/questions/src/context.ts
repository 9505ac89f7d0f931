import type { ConsumerOptions, Db, Queryable, ServiceContext, Tx } from '@mzansi/kit';
import type { EventType } from '@mzansi/proto/events';
import type { Config } from './config.js';
import type * as schema from './data-access/schema.js';

/** Questions's tables: runService types its database and transactions over them. */
export type QuestionsSchema = typeof schema;
/** What runService hands questions's gRPC handlers, consumers and jobs. */
export type QuestionsContext = ServiceContext<QuestionsSchema, Config>;
/** A consumer of questions's: the events it handles, applied in a transaction over questions's tables. */
export type QuestionsConsumer<T extends EventType> = ConsumerOptions<T, QuestionsSchema>;
/** Questions's database, a transaction on it, and either (what a query can run on). */
export type QuestionsDb = Db<QuestionsSchema>;
export type QuestionsTx = Tx<QuestionsSchema>;
export type QuestionsQueryable = Queryable<QuestionsSchema>;
