import { expect } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ChatPush, type Room, type SocketAck } from '@scrutineer/contracts';
import type { TestServer } from './harness.js';

/** A socket.io client signed in with an access token; resolves once connected. */
export async function connectChat(server: TestServer, token: string): Promise<Socket> {
  const socket = io(server.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

export function emitAck(socket: Socket, event: string, payload: unknown): Promise<SocketAck> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<SocketAck>;
}

/** Every push a socket hears, kept for later assertions. */
export function recordPushes(socket: Socket): ChatPush[] {
  const heard: ChatPush[] = [];
  socket.on('MESSAGE', (push: ChatPush) => heard.push(push));
  return heard;
}

/** The first push that matches, or a rejection after `ms`. */
export function nextPush(
  socket: Socket,
  match: (push: ChatPush) => boolean,
  ms = 5000,
): Promise<ChatPush> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('MESSAGE', listener);
      reject(new Error('no matching push'));
    }, ms);
    const listener = (push: ChatPush) => {
      if (!match(push)) return;
      clearTimeout(timer);
      socket.off('MESSAGE', listener);
      resolve(push);
    };
    socket.on('MESSAGE', listener);
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createRoom(
  server: TestServer,
  token: string,
  jobId: number,
  users: number[],
  name = 'Ballot 0042',
): Promise<Room> {
  const answer = await server.call<Room & { message: string }>('POST', '/add-room', {
    token,
    body: {
      name,
      job_id: jobId,
      lastUpdated: new Date().toISOString(),
      users: JSON.stringify(users),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** Sends a message through the socket as the spec's 'event' send payload. */
export async function say(socket: Socket, senderId: number, roomId: number, content: string) {
  const ack = await emitAck(socket, 'event', {
    sender_id: senderId,
    content,
    timestamp: new Date().toISOString(),
    roomid: roomId,
    files: [],
    replyMessage: null,
  });
  if (!ack.ok || !ack.message) throw new Error(`send failed: ${JSON.stringify(ack)}`);
  return ack.message;
}
