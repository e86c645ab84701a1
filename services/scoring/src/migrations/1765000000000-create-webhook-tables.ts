/** Scoring hosts the platform's webhooks (docs/webhooks.md): their tables are in its schema, made by the platform's migration. */
export { CreateWebhookTables1765000000000 } from '@scriptbook/platform/webhooks';
