/** Readers and writers of the fault-injection tests' JetStream streams: every stored message, raw publishes. */
import { connect, headers as natsHeaders, type MsgHdrs } from 'nats';
import type { Stack } from '../../scripts/stack.ts';

export interface StoredMsg {
  seq: number;
  subject: string;
  data: any;
  raw: string;
  header?: MsgHdrs;
}

/** Every message of a stream (by sequence), or [] if the stream does not exist. */
export async function streamMessages(natsUrl: string, stream: string): Promise<StoredMsg[]> {
  const nc = await connect({ servers: natsUrl, timeout: 5_000 });
  try {
    const jsm = await nc.jetstreamManager();
    let info;
    try {
      info = await jsm.streams.info(stream);
    } catch {
      return [];
    }
    const out: StoredMsg[] = [];
    if (info.state.messages === 0) return out;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (!m) continue;
      const raw = new TextDecoder().decode(m.data);
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        data = undefined;
      }
      out.push({ seq, subject: m.subject, data, raw, header: m.header });
    }
    return out;
  } finally {
    await nc.close();
  }
}

/** Publishes raw bytes to a subject through JetStream (it must be captured by a stream). */
export async function publishRaw(natsUrl: string, subject: string, payloads: { data: string; msgID?: string }[]): Promise<void> {
  const nc = await connect({ servers: natsUrl, timeout: 5_000 });
  try {
    const js = nc.jetstream();
    for (const p of payloads) await js.publish(subject, p.data, { msgID: p.msgID, headers: natsHeaders() });
  } finally {
    await nc.close();
  }
}
