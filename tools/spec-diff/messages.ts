/** One sentence per change, for the changelog and the gate's output; names in backticks. */
import type {Finding} from './classify';

const code = (s: string): string => `\`${s}\``;

/** `GET /widgets` for an operation, the event type for a webhook event. */
export const operationLabel = (method: string, key: string): string =>
  method === 'event' ? key : method === 'send' || method === 'receive' ? `WebSocket ${key}` : `${method.toUpperCase()} ${key}`;

/** How a finding's target reads in a sentence: `field \`amount\``, `query parameter \`owner\``, `header \`Sunset\``. */
function subject(f: Finding): string {
  switch (f.target) {
    case 'request-field':
    case 'response-field':
      return f.name ? `field ${code(f.name)}` : 'schema';
    case 'parameter':
      return `${f.where ?? 'parameter'} ${code(f.name)}`;
    case 'header':
      return `header ${code(f.name)}`;
    case 'server':
      return `server ${code(f.name)}`;
    default:
      return code(f.name);
  }
}

export function describe(f: Finding, op: string | undefined, fullSummary?: string): string {
  const summary = fullSummary?.replace(/\.$/, '');
  const opName = op ? code(op) : 'the API';
  // Where a field, header or media type is: `the `201` response of `POST /widgets``.
  const place = f.where && f.target !== 'parameter' ? `the ${f.where} of ${opName}` : opName;
  // The parameter-* and request-field-* rules say the same of a parameter of the operation and a field in its place.
  const parameterRule = f.rule.startsWith('parameter-');
  const owner = parameterRule ? opName : place;
  const newAt = parameterRule ? `of ${opName}` : `in ${place}`;
  const detail = f.detail ? ` (${f.detail})` : '';
  const isEvent = f.operation?.section === 'webhooks';
  switch (f.rule) {
    case 'operation-added':
      return `New operation ${opName}${summary ? ` (${summary})` : ''}.`;
    case 'webhook-added':
      return `New webhook event ${opName}${summary ? ` (${summary})` : ''}.`;
    case 'operation-removed':
      return `Removed operation ${opName}.`;
    case 'webhook-removed':
      return `Removed webhook event ${opName}.`;
    case 'operation-deprecated':
      return `Deprecated ${isEvent ? 'webhook event' : 'operation'} ${opName}${detail}.`;
    case 'parameter-added-required':
    case 'request-field-added-required':
      return `New required ${subject(f)} ${newAt}.`;
    case 'parameter-added-optional':
    case 'request-field-added-optional':
      return `New optional ${subject(f)} ${newAt}.`;
    case 'parameter-removed':
      return `Removed ${subject(f)} of ${opName}.`;
    case 'parameter-made-required':
    case 'request-field-made-required':
      return `The ${subject(f)} of ${owner} is now required.`;
    case 'parameter-made-optional':
    case 'request-field-made-optional':
      return `The ${subject(f)} of ${owner} is now optional.`;
    case 'path-parameter-renamed':
      return `The ${subject(f)} of ${opName} is now named ${f.detail ?? ''}; the URL is unchanged.`;
    case 'response-field-added':
      return `New ${subject(f)} in ${place}.`;
    case 'request-field-removed':
    case 'response-field-removed':
      return `Removed ${subject(f)} from ${place}.`;
    case 'response-field-made-optional':
      return `The ${subject(f)} of ${place} is no longer always present.`;
    case 'response-field-made-required':
      return `The ${subject(f)} of ${place} is now always present.`;
    case 'response-enum-value-added':
    case 'request-values-widened':
    case 'request-values-narrowed':
    case 'response-values-widened':
    case 'response-values-narrowed':
    case 'values-changed':
      if (f.target === 'enum-value') {
        return f.action === 'added'
          ? `New value ${code(f.name)} of ${code(f.field ?? '')} in ${place}.`
          : `Removed value ${code(f.name)} of ${code(f.field ?? '')} from ${place}.`;
      }
      if (f.detail?.startsWith('a `')) {
        return `${f.action === 'added' ? 'New' : f.action === 'removed' ? 'Removed' : 'Changed'} ${f.detail.slice(2)} of ${subject(f)} in ${place}.`;
      }
      return `The ${subject(f)} of ${place} changed${detail}.`;
    case 'limit-stated':
      return `The ${subject(f)} of ${place} states a limit its values already had${detail}.`;
    case 'discriminator-stated':
      return `The ${subject(f)} of ${place} states the tag its variants already had${detail}.`;
    case 'allof-reordered':
      return `The \`allOf\` of ${code(f.name)} lists its parts in another order${detail}.`;
    case 'response-header-added':
      return `New response ${subject(f)} in ${place}.`;
    case 'response-header-removed':
      return `Removed response ${subject(f)} from ${place}.`;
    case 'response-added':
      return `New ${f.where} of ${opName}.`;
    case 'success-response-removed':
    case 'error-response-removed':
      return `Removed the ${f.where} of ${opName}.`;
    case 'request-body-added-optional':
      return `New optional request body of ${opName}.`;
    case 'request-body-made-optional':
      return `The request body of ${opName} is now optional.`;
    case 'request-body-added-required':
      return `New required request body of ${opName}.`;
    case 'request-body-removed':
      return `Removed the request body of ${opName}.`;
    case 'request-body-made-required':
      return `The request body of ${opName} is now required.`;
    case 'media-type-added':
      return `New media type ${code(f.name)} in ${place}.`;
    case 'media-type-removed':
      return `Removed media type ${code(f.name)} from ${place}.`;
    case 'security-requirement-added':
      return `${op ? opName : 'The API'} now requires ${code(f.name)}${detail}.`;
    case 'security-requirement-removed':
      return `${op ? opName : 'The API'} no longer requires ${code(f.name)}${detail}.`;
    case 'message-added':
      return `New ${f.where} of ${opName}.`;
    case 'message-removed':
      return `Removed the ${f.where} of ${opName}.`;
    case 'server-added':
      return `New server ${code(f.name)}${op ? ` for ${opName}` : ''}.`;
    case 'server-removed':
      return `Removed server ${code(f.name)}${op ? ` for ${opName}` : ''}.`;
    case 'deprecated':
      return `Deprecated ${subject(f)} ${f.target === 'parameter' ? 'of' : 'in'} ${place}${detail}.`;
    case 'undeprecated':
      return `The ${f.name ? `${subject(f)} of ${place}` : opName} is no longer deprecated.`;
    case 'documentation-changed':
      if (f.target === 'operation' || f.target === 'webhook') return `Documentation of ${f.where ? place : opName} changed${detail}.`;
      if (!f.operation) return `Documentation changed: ${code(f.name)}${detail}.`;
      return `Documentation of ${subject(f)} in ${place} changed${detail}.`;
    case 'unclassified-change':
      return `Unclassified change of the ${subject(f)} in ${place}${detail}: review it.`;
  }
}
