/** Chat constants of the spec (part 3, section 9) and the limits decided for it. */
export const CHAT_LIMITS = {
  roomsPerPage: 15,
  messagesPerPage: 20,
  /** Messages load this long after a room opens. */
  messagesLoadDelayMs: 3000,
  /** Below this width the chat shows one column at a time. */
  deviceWidthPx: 500,
  maxContentLength: 10_000,
  maxRoomNameLength: 120,
  maxFileBytes: 25 * 1024 * 1024,
  maxFilesPerMessage: 10,
  maxReactionLength: 16,
} as const;

/** The socket.io path under the API prefix. */
export const SOCKET_PATH = '/api/socket.io';
