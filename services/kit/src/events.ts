import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type EventData, type EventType, type Producer } from '@mzansi/proto/events';
import { z } from 'zod';
import { currentTraceHeaders } from './tracing.js';

/**
 * The envelope and stream machinery of the events. Which events exist, their payloads and their producers are
 * contracts: `@mzansi/proto/events`. The kit names no service.
 */

/** The envelope every event travels in. */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
  /** W3C trace context of the work that caused the event (only when tracing is on). */
  trace?: Record<string, string>;
}

/**
 * Subjects and stream names, optionally under a namespace (tests use a random one so that runs on the same
 * NATS server never see each other's events).
 */
export class EventNames {
  constructor(readonly namespace = '') {}
  subject(type: string): string {
    return this.namespace ? `${this.namespace}.${type}` : type;
  }
  stream(producer: Producer | 'deadletter'): string {
    const base = producer.toUpperCase();
    return this.namespace ? `${this.namespace.toUpperCase()}_${base}` : base;
  }
  streamSubjects(producer: Producer | 'deadletter'): string[] {
    return [this.subject(`${producer}.>`)];
  }
  deadLetterSubject(consumer: string): string {
    return this.subject(`deadletter.${consumer}`);
  }
  /** The logical event type of a namespaced subject. */
  typeOf(subject: string): string {
    return this.namespace && subject.startsWith(`${this.namespace}.`) ? subject.slice(this.namespace.length + 1) : subject;
  }
}

export function encodeEnvelope<T extends EventType>(type: T, data: EventData<T>, id: string = randomUUID(), occurredAt = new Date()) {
  const codec = EVENT_TYPES[type] as unknown as { toJSON(m: EventData<T>): unknown };
  const trace = currentTraceHeaders();
  return { id, type, occurredAt: occurredAt.toISOString(), data: codec.toJSON(data), ...(Object.keys(trace).length ? { trace } : {}) };
}

const envelopeShape = z.object({
  id: z.string().uuid(),
  type: z.string().refine((t): t is EventType => t in EVENT_TYPES, 'unknown event type'),
  occurredAt: z.string().datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
  trace: z.record(z.string(), z.string().max(512)).optional(),
});

/** Parses an event from the wire. Throws on anything that is not a well-formed envelope of a known type. */
export function decodeEnvelope(bytes: Uint8Array | string): EventEnvelope {
  const text = typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes);
  const raw = envelopeShape.parse(JSON.parse(text));
  const type = raw.type as EventType;
  const codec = EVENT_TYPES[type] as unknown as { fromJSON(o: unknown): EventData<EventType> };
  return { id: raw.id, type, occurredAt: raw.occurredAt, data: codec.fromJSON(raw.data), ...(raw.trace ? { trace: raw.trace } : {}) };
}
