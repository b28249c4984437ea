export { registerAttachmentRoutes as registerJobAttachmentsModule } from './attachments.routes.js';
export { insertAttachment } from './attachments.repository.js';
export { attachmentUrl, sweepUndescribedAttachments } from './attachments.service.js';
