/**
 * The reference of an operation page (parameters, request body, responses) as static HTML, rendered from the
 * reference model (./model.ts) by these server components while `gen:api` writes the pages. Its classes are its own
 * (`novaramp-ref-*`, besides Infima's `tabs`, `alert`, `badge` and spacing classes), styled by its own stylesheet
 * (src/plugins/static-reference/reference.css): the OpenAPI theme styles only what it renders itself (try-it), so a
 * theme release that renames its classes cannot change this reference (tests/spec/one-process/reference-classes.test.ts
 * keeps the theme's class names out of it, tests/site/screenshots.test.ts its look). Every tab names its panel
 * (`aria-controls`), every variant of a `oneOf`/`anyOf` has its own panel, and hidden panels are cut out of the page's HTML afterwards (src/plugins/operation-page/generate/defer-panels.ts) and filled when selected
 * (src/plugins/static-reference/components/reference-dom.ts). A component shown apart (SchemaRef) is a closed `<details>` whose
 * content is the component's own reference file, loaded when it is opened.
 */
import React, {type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {STATUS_CODES} from 'node:http';
import {COMPONENT_FILE_ATTRIBUTE, REFERENCE_DETAILS_CONTENT_CLASS} from '../../src/data/static-reference';
import type {Json} from '../openapi/json';
import {codeBlockParts} from './highlight';
import {
  ADDITIONAL_PROPERTY,
  defaultLabel,
  ENUM_INLINE_MAX,
  ENUM_SHOWN,
  enumSegments,
  literal,
  possibleValues,
  qualifierWords,
  typeLabel,
  type Segment,
} from './facts';
import type {
  ComponentModel,
  ExampleModel,
  MediaModel,
  OperationModel,
  ParameterModel,
  PropertyModel,
  ResponseModel,
  SchemaNode,
  SchemaRef,
  SchemaView,
  SecuritySchemeModel,
  VariantsModel,
} from './model';
import {emptySchemaView, innermostItems, tagTrailLabels} from './model';
import {proseHtml} from './prose';
import {sentCookie} from './request';
import {sampleOf, streamExample, streamWords} from './sample';

/** What rendering needs besides the model: how prose is written, and where a component shown apart is. */
export interface HtmlContext {
  /** Someone else's spec (links that lead nowhere here become text): ./prose.ts. */
  foreign: boolean;
  /** The reference file of a component shown apart (`<hash>.json`), by `ref|direction`. */
  componentFile: (ref: string, direction: string) => string;
  /** Root-relative links of the prose rendered, and links that lead nowhere (problems). */
  links: string[];
  problems: string[];
}

/** Ids unique in one page's reference (tab groups, panels). */
class Ids {
  private readonly used = new Set<string>();
  next(base: string): string {
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}

interface Render {
  ctx: HtmlContext;
  ids: Ids;
}

/**
 * A `<details>` of the reference (a parameter group, a body, a field with fields) and its content's wrapper, which
 * ../../src/plugins/static-reference/components/reference-dom.ts fills with a component shown apart. `alert alert--info` is
 * Infima's: it gives the links and inline code inside their colours.
 */
const DETAILS_CLASS = 'theme-details alert alert--info novaramp-ref-details';
const DETAILS_CONTENT_CLASS = REFERENCE_DETAILS_CONTENT_CLASS;

function Prose({text, level = 5, r, className}: {text?: string; level?: number; r: Render; className?: string}): ReactNode {
  if (!text?.trim()) return null;
  const {html, paragraph, links, problems} = proseHtml(text, {headingLevel: level, foreign: r.ctx.foreign});
  r.ctx.links.push(...links);
  r.ctx.problems.push(...problems);
  // One paragraph is one <p> (most descriptions): no wrapper element per description.
  if (paragraph !== undefined && !className) return <p dangerouslySetInnerHTML={{__html: paragraph}} />;
  return <div className={className} dangerouslySetInnerHTML={{__html: html}} />;
}

function Segments({parts}: {parts: Segment[]}): ReactNode {
  return parts.map((s, i) => (typeof s === 'string' ? <React.Fragment key={i}>{s}</React.Fragment> : <code key={i}>{s.code}</code>));
}

/**
 * "Possible values", default, constant and example of a schema, in the theme's words. `part`: only the possible values
 * (a parameter shows them before its description, as the theme does), or only the rest.
 */
function Facts({node, part}: {node: SchemaNode; part?: 'values' | 'rest'}): ReactNode {
  if (node.kind !== 'schema') return null;
  const groups = part === 'rest' ? [] : possibleValues(node);
  const rest = part !== 'values';
  const values = node.enum ?? (node.items?.kind === 'schema' ? node.items.enum : undefined);
  const long = values && values.length > ENUM_INLINE_MAX;
  const example = node.examples.find((e) => e === null || typeof e !== 'object');
  return (
    <>
      {groups.length > 0 && (
        <p>
          <strong>Possible values:</strong>{' '}
          {groups.map((g, i) => {
            const isEnum = values && i === groups.length - 1;
            const shown = isEnum && long ? enumSegments(values.slice(0, ENUM_SHOWN)).slice(0, -1).concat([', …]']) : g;
            return (
              <React.Fragment key={i}>
                {i > 0 && ', '}
                <Segments parts={shown} />
              </React.Fragment>
            );
          })}
        </p>
      )}
      {long && part !== 'rest' && (
        <details className="novaramp-details novaramp-enum">
          <summary>All {values.length} values</summary>
          <p>
            <Segments parts={enumSegments(values)} />
          </p>
        </details>
      )}
      {rest && node.const !== undefined && <Value className="novaramp-ref-constant" label="Constant value" value={node.const} />}
      {rest && node.default !== undefined && <Value className="novaramp-ref-default" label="Default value" value={node.default} />}
      {rest && example !== undefined && <Value className="novaramp-ref-example" label="Example" value={example} />}
    </>
  );
}

/** A value with its label: a default, a constant or an example. */
function Value({className, label, value}: {className: string; label: string; value: Json}): ReactNode {
  return (
    <div className={className}>
      <strong>{label}: </strong>
      <span>
        <code>{literal(value)}</code>
      </span>
    </div>
  );
}

/** A row's first line: name, type, qualifiers (spaced: a flex row reads as words to a screen reader and a copy). */
function RowHead({name, node, required}: {name: string; node: SchemaNode; required: boolean}): ReactNode {
  const words = qualifierWords(node, required);
  return (
    <span className="novaramp-ref-row">
      <strong className="novaramp-ref-row__name">{name}</strong> <span className="novaramp-ref-type">{typeLabel(node)}</span>
      {words.length > 0 && <span className="novaramp-ref-row__divider" />}
      {words.map((w) => (
        <React.Fragment key={w}>
          {' '}
          <span className={QUALIFIER_CLASSES[w]}>{w}</span>
        </React.Fragment>
      ))}
    </span>
  );
}

/** The qualifiers drawn in a colour of their own (the others are plain words). */
const QUALIFIER_CLASSES: Partial<Record<string, string>> = {
  required: 'novaramp-ref-required',
  nullable: 'novaramp-ref-nullable',
  deprecated: 'novaramp-ref-deprecated',
};

/** Whether a node lists fields (a collapsible row, or a pointer to where they are) rather than being a value. */
function hasFields(node: SchemaNode): boolean {
  // Through arrays of arrays: a grid of objects lists the objects' fields.
  const inner = innermostItems(node);
  if (inner.kind !== 'schema') return true;
  return inner.properties.length > 0 || !!inner.variants || typeof inner.additionalProperties === 'object';
}

/**
 * The folded row of a component's schema: `children` is its summary, `content` what it shows before the fields,
 * which the page loads from the component's file (COMPONENT_FILE_ATTRIBUTE) when the row opens.
 */
function ComponentRow({node, r, content, children}: {node: SchemaRef; r: Render; content?: ReactNode; children: ReactNode}): ReactNode {
  return (
    <li className="novaramp-ref-field">
      <details className={DETAILS_CLASS} {...{[COMPONENT_FILE_ATTRIBUTE]: r.ctx.componentFile(node.ref, node.direction)}}>
        <summary>{children}</summary>
        <div>
          <div className={DETAILS_CONTENT_CLASS}>{content}</div>
        </div>
      </details>
    </li>
  );
}

/** The fields of an object schema (its properties, its variants, its other properties), as list items. */
function Fields({node, r}: {node: SchemaNode; r: Render}): ReactNode {
  if (node.kind === 'link') {
    return (
      <li className="novaramp-ref-field novaramp-schema-link">
        <div>
          Fields as in <a href={`#${node.to}`}>{node.name}</a>
          {node.reason === 'recursive' ? ' (it contains itself: its fields are listed above)' : ' (listed above)'}.
        </div>
      </li>
    );
  }
  if (node.kind === 'ref') {
    return (
      <ComponentRow node={node} r={r}>
        <span className="novaramp-schema-component">
          Fields of <span className="novaramp-ref-type">{node.name}</span>
        </span>
      </ComponentRow>
    );
  }
  if (node.items) return <Fields node={node.items} r={r} />;
  if (node.contentSchema) return <Fields node={node.contentSchema} r={r} />;
  return (
    <>
      {node.properties.map((p) => (
        <Property key={p.name} property={p} r={r} />
      ))}
      {node.variants && <Variants node={node} r={r} />}
      {node.additionalProperties !== undefined && node.additionalProperties !== false && (
        <Property property={{name: ADDITIONAL_PROPERTY, required: false, schema: node.additionalProperties}} r={r} />
      )}
    </>
  );
}

/**
 * Variants each documented on a page of their own (VariantsModel.pages): the discriminator's values, each with a
 * link to its variant's page, instead of every variant's fields.
 */
function LinkedVariants({variants, r}: {variants: VariantsModel; r: Render}): ReactNode {
  const {discriminator, pages = []} = variants;
  for (const page of pages) r.ctx.links.push(page.route);
  return (
    <li className="novaramp-variants novaramp-variant-pages">
      <div>
        <span className="badge badge--info" style={{marginBottom: '1rem'}}>
          {variants.keyword}
        </span>
        <p>
          Chosen by <code>{discriminator?.propertyName}</code>
          {variants.keyword === 'oneOf' ? ': exactly one of these' : ': at least one of these'} {variants.options.length} schemas, each listed on the page of
          its value.
        </p>
        <table>
          <thead>
            <tr>
              <th>
                <code>{discriminator?.propertyName}</code>
              </th>
              <th>Schema</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.value}>
                <td>
                  <code>{page.value}</code>
                </td>
                <td>
                  <a href={page.route}>{page.name}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}

function Variants({node, r}: {node: SchemaView; r: Render}): ReactNode {
  const variants = node.variants!;
  if (variants.pages) return <LinkedVariants variants={variants} r={r} />;
  const group = r.ids.next(`${node.id}-variants`);
  return (
    <li className="novaramp-variants">
      <div>
        <span className="badge badge--info" style={{marginBottom: '1rem'}}>
          {variants.keyword === 'oneOf' ? 'oneOf' : 'anyOf'}
        </span>
        {variants.discriminator && (
          <p>
            Chosen by <code>{variants.discriminator.propertyName}</code>
            {variants.keyword === 'oneOf' ? ': exactly one of these.' : ': at least one of these.'}
            {variants.discriminator.defaultMapping && (
              <>
                {' '}
                Without <code>{variants.discriminator.propertyName}</code>, or with a value not listed:{' '}
                <span className="novaramp-ref-type">{defaultLabel(variants)}</span>.
              </>
            )}
          </p>
        )}
        <Tabs
          r={r}
          group={group}
          panelClass="novaramp-ref-panel margin-top--md"
          flatPanels
          tabs={variants.options.map((o) => ({
            label: <span className="novaramp-ref-tab-label">{o.label}</span>,
            panel: <Variant node={o.schema} r={r} />,
          }))}
        />
      </div>
    </li>
  );
}

function Variant({node, r}: {node: SchemaNode; r: Render}): ReactNode {
  if (node.kind === 'link' || (node.kind === 'schema' && !hasFields(node))) {
    const words = qualifierWords(node, false);
    return (
      <div style={{marginLeft: '1rem'}} id={node.kind === 'schema' ? node.id : undefined}>
        <p>
          <span className="novaramp-ref-type">{typeLabel(node)}</span>
          {words.map((w) => ` ${w}`)}
        </p>
        {node.kind === 'schema' ? (
          <>
            <Prose text={node.description} r={r} />
            <Facts node={node} />
          </>
        ) : (
          <ul>
            <Fields node={node} r={r} />
          </ul>
        )}
      </div>
    );
  }
  if (node.kind === 'ref') {
    return (
      <ul>
        <Fields node={node} r={r} />
      </ul>
    );
  }
  return (
    <>
      {node.description && (
        <div style={{marginLeft: '1rem'}}>
          <Prose text={node.description} r={r} />
        </div>
      )}
      <ul id={fieldsId(node)}>
        <Fields node={node} r={r} />
      </ul>
    </>
  );
}

/** The id of the view whose fields a list shows (an array's items'), for the list: links point to it. */
const fieldsId = (node: SchemaNode): string | undefined => {
  if (node.kind !== 'schema') return undefined;
  const inner = node.items ?? node.contentSchema;
  return inner ? fieldsId(inner) : node.id;
};

function Property({property, r}: {property: PropertyModel; r: Render}): ReactNode {
  const {name, required, schema} = property;
  const description = schema.kind === 'schema' ? schema.description : schema.description;
  if (schema.kind === 'link') {
    return (
      <li className="novaramp-ref-field">
        <div>
          <RowHead name={name} node={schema} required={required} />
          <Prose text={description} r={r} />
          <p className="novaramp-schema-link">
            Fields as in <a href={`#${schema.to}`}>{schema.name}</a>
            {schema.reason === 'recursive' ? ' (it contains itself: its fields are listed above).' : ', listed above.'}
          </p>
        </div>
      </li>
    );
  }
  const view = schema.kind === 'schema' ? schema : undefined;
  // What its items (or its decoded content) are, said as the copy says it; also for an array of values, which has
  // no fields to open.
  const inner = view?.items ?? view?.contentSchema;
  const innerDescription = inner?.kind === 'schema' && inner.description !== view?.description ? inner.description : undefined;
  const eachItem = innerDescription && (
    <div>
      {view?.items ? 'Each item' : 'Its content'}: <Prose text={innerDescription} r={r} className="novaramp-inline" />
    </div>
  );
  if (!hasFields(schema)) {
    return (
      <li className="novaramp-ref-field">
        <div>
          <RowHead name={name} node={schema} required={required} />
          <Prose text={description} r={r} />
          {eachItem}
          <Facts node={schema} />
        </div>
      </li>
    );
  }
  if (schema.kind === 'ref') {
    return (
      <ComponentRow node={schema} r={r} content={<Prose text={description} r={r} />}>
        <RowHead name={name} node={schema} required={required} />
      </ComponentRow>
    );
  }
  return (
    <li className="novaramp-ref-field">
      <details className={DETAILS_CLASS} id={view?.id}>
        <summary>
          <RowHead name={name} node={schema} required={required} />
        </summary>
        <div>
          <div className={DETAILS_CONTENT_CLASS}>
            <div style={{marginLeft: '1rem'}}>
              <Prose text={description} r={r} />
              {eachItem}
              <Facts node={schema} />
              <ul id={view && (view.items ?? view.contentSchema) ? fieldsId((view.items ?? view.contentSchema) as SchemaNode) : undefined}>
                <Fields node={schema} r={r} />
              </ul>
            </div>
          </div>
        </div>
      </details>
    </li>
  );
}

interface Tab {
  label: ReactNode;
  panel: ReactNode;
}

/**
 * A tab group (a schema and its examples, a `oneOf`'s variants), each tab naming its panel. The first tab is
 * selected (`aria-selected`, which the stylesheet draws); the other panels are `hidden` (and cut out of the page's
 * HTML afterwards: src/plugins/operation-page/generate/defer-panels.ts).
 */
function Tabs(props: {
  r: Render;
  group: string;
  tabs: Tab[];
  panelClass: string;
  /** Panels right after the list's container (schema tabs), rather than in a `margin-top--md` wrapper. */
  flatPanels?: boolean;
}): ReactNode {
  const {group, tabs} = props;
  const tab = (i: number) => `${group}-tab-${i}`;
  const panel = (i: number) => `${group}-panel-${i}`;
  const list = (
    <ul role="tablist" aria-orientation="horizontal" className="tabs novaramp-ref-tabs">
      {tabs.map((t, i) => (
        <li key={i} role="tab" id={tab(i)} aria-controls={panel(i)} tabIndex={i === 0 ? 0 : -1} aria-selected={i === 0} className="tabs__item novaramp-ref-tab">
          {t.label}
        </li>
      ))}
    </ul>
  );
  const panels = tabs.map((t, i) => (
    <div key={i} role="tabpanel" id={panel(i)} aria-labelledby={tab(i)} className={props.panelClass} hidden={i !== 0}>
      {t.panel}
    </div>
  ));
  return (
    <div>
      <div className="novaramp-ref-tabs-bar">{list}</div>
      {props.flatPanels ? panels : <div className="margin-top--md">{panels}</div>}
    </div>
  );
}

/** A body's tabs: its schema, then its examples. */
function SchemaTabs({r, group, tabs}: {r: Render; group: string; tabs: Tab[]}): ReactNode {
  return <Tabs r={r} group={group} panelClass="novaramp-ref-panel" tabs={tabs} />;
}

function MimeTabs({group, media, render}: {group: string; media: MediaModel[]; render: (m: MediaModel) => ReactNode}): ReactNode {
  const tab = (i: number) => `${group}-tab-${i}`;
  const panel = (i: number) => `${group}-panel-${i}`;
  return (
    // relies on: openapi-tabs
    <div className="tabs-container">
      <div>
        <div className="novaramp-ref-media-bar">
          <ul role="tablist" aria-orientation="horizontal" className="tabs novaramp-ref-tabs">
            {media.map((m, i) => (
              <li
                key={m.mediaType}
                role="tab"
                id={tab(i)}
                aria-controls={panel(i)}
                tabIndex={i === 0 ? 0 : -1}
                aria-selected={i === 0}
                className="tabs__item novaramp-ref-media-tab">
                {m.mediaType}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="margin-top--md">
        {media.map((m, i) => (
          <div key={m.mediaType} role="tabpanel" id={panel(i)} aria-labelledby={tab(i)} className="novaramp-ref-panel" hidden={i !== 0}>
            {render(m)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** An example as a highlighted, copyable code block. */
function ExampleBlock({value, mediaType}: {value: Json; mediaType: string}): ReactNode {
  const json = /json/i.test(mediaType);
  const text = typeof value === 'string' && !json ? value : JSON.stringify(value, null, 2);
  const parts = codeBlockParts(text, {language: json ? 'json' : /xml/.test(mediaType) ? 'xml' : 'text'});
  return (
    <div className="novaramp-ref-example-code">
      <div className={parts.className} dangerouslySetInnerHTML={{__html: parts.innerHtml}} />
    </div>
  );
}

function exampleTabs(examples: ExampleModel[], mediaType: string, r: Render): Tab[] {
  return examples.map((e, i) => ({
    label: <span className="novaramp-ref-tab-label">{e.key ?? (examples.length > 1 ? `Example ${i + 1}` : 'Example')}</span>,
    panel: (
      <>
        {e.summary && <p>{e.summary}</p>}
        <Prose text={e.description} r={r} />
        <ExampleBlock value={e.value} mediaType={mediaType} />
        {e.serializedValue !== undefined && (
          <>
            <p>As sent ({mediaType}):</p>
            <ExampleBlock value={e.serializedValue} mediaType="text/plain" />
          </>
        )}
      </>
    ),
  }));
}

/** A body's schema (request or response) in its `<details>`. */
function BodySchema({
  media,
  title,
  required,
  description,
  kind,
  r,
}: {
  media: MediaModel;
  title: string;
  required?: boolean;
  description?: string;
  kind: 'request' | 'response';
  r: Render;
}): ReactNode {
  const schema = media.schema;
  const summary =
    kind === 'request' ? (
      <h3 className="novaramp-ref-summary-heading">
        {title}
        {required && (
          <>
            {' '}
            <strong className="novaramp-ref-required">required</strong>
          </>
        )}
      </h3>
    ) : (
      <strong>{title}</strong>
    );
  return (
    <details open className={`${DETAILS_CLASS} novaramp-ref-details--${kind}-body`} id={schema?.kind === 'schema' ? schema.id : undefined}>
      <summary className="novaramp-ref-body-summary">{summary}</summary>
      <div>
        <div className={DETAILS_CONTENT_CLASS}>
          <div style={{textAlign: 'left', marginLeft: '1rem'}}>
            {description && (
              <div style={{marginTop: '1rem', marginBottom: '1rem'}}>
                <Prose text={description} r={r} className="novaramp-prose" />
              </div>
            )}
            {schema && schema.kind === 'schema' && !hasFields(schema) && (
              <>
                <p>
                  <span className="novaramp-ref-type">{typeLabel(schema)}</span>
                </p>
                <Prose text={schema.description} r={r} />
                <Facts node={schema} />
              </>
            )}
            {schema && hasFields(schema) && schema.kind === 'schema' && (
              <>
                <Prose text={schema.description} r={r} />
                {schema.items && (
                  <p>
                    Array of <span className="novaramp-ref-type">{typeLabel(schema.items)}</span>
                  </p>
                )}
              </>
            )}
          </div>
          {schema && hasFields(schema) && (
            <ul style={{marginLeft: '1rem'}} id={schema.kind === 'schema' && schema.items ? fieldsId(schema.items) : undefined}>
              <Fields node={schema} r={r} />
            </ul>
          )}
          {media.itemSchema && <StreamItems media={media} item={media.itemSchema} r={r} />}
        </div>
      </div>
    </details>
  );
}

/** A sequential body (OpenAPI 3.2 `itemSchema`): a stream of items, each of the item schema. */
function StreamItems({media, item, r}: {media: MediaModel; item: SchemaNode; r: Render}): ReactNode {
  return (
    <div className="novaramp-ref-stream" style={{marginLeft: '1rem'}}>
      <p>
        A stream of items ({streamWords(media.mediaType)}), each one <span className="novaramp-ref-type">{typeLabel(item)}</span>
        {item.kind === 'schema' && item.name && item.name !== typeLabel(item) ? ` (${item.name})` : ''}:
      </p>
      {item.kind === 'schema' && !hasFields(item) && <Facts node={item} />}
      {item.kind === 'schema' && <Prose text={item.description} r={r} />}
      {hasFields(item) && (
        <ul id={item.kind === 'schema' ? fieldsId(item) : undefined}>
          <Fields node={item} r={r} />
        </ul>
      )}
    </div>
  );
}

const LOCATION_TITLES: Record<ParameterModel['in'], string> = {
  path: 'Path Parameters',
  query: 'Query Parameters',
  querystring: 'Query String',
  header: 'Header Parameters',
  cookie: 'Cookie Parameters',
};

function Parameter({p, r}: {p: ParameterModel; r: Render}): ReactNode {
  const schema = p.schema;
  const example = p.examples[0]?.value;
  return (
    <li className="novaramp-ref-param" id={r.ids.next(`param-${p.in}-${p.name}`.toLowerCase().replace(/[^a-z0-9_-]+/g, '-'))}>
      {schema ? (
        <RowHead name={p.name} node={{...schema, nullable: schema.nullable}} required={p.required} />
      ) : (
        <span className="novaramp-ref-row">
          <strong className="novaramp-ref-row__name">{p.name}</strong>
        </span>
      )}
      {p.deprecated && (
        <p>
          <strong>Deprecated.</strong>
        </p>
      )}
      {p.in === 'querystring' && (
        <p>
          The whole query string is this one value{p.mediaType && ', serialised as '}
          {p.mediaType && <code>{p.mediaType}</code>}.
        </p>
      )}
      {schema && <Facts node={schema} part="values" />}
      <Prose text={p.description ?? (schema?.kind === 'schema' ? schema.description : undefined)} r={r} />
      {schema && schema.kind === 'schema' && <Facts node={{...schema, examples: []}} part="rest" />}
      {schema && hasFields(schema) && (
        <ul>
          <Fields node={schema} r={r} />
        </ul>
      )}
      {p.examples[0]?.serializedValue !== undefined && (
        <Value className="novaramp-ref-example" label="Example, as sent" value={p.examples[0].serializedValue} />
      )}
      {example !== undefined ? (
        <Value className="novaramp-ref-example" label="Example" value={example} />
      ) : (
        schema &&
        schema.kind === 'schema' &&
        schema.examples[0] !== undefined && <Value className="novaramp-ref-example" label="Example" value={schema.examples[0]} />
      )}
      {sentCookie(p) !== undefined && <Value className="novaramp-ref-example" label="Sent as" value={`Cookie: ${sentCookie(p)}`} />}
    </li>
  );
}

function Parameters({op, r}: {op: OperationModel; r: Render}): ReactNode {
  return (['path', 'query', 'querystring', 'header', 'cookie'] as const).map((location) => {
    const params = op.parameters.filter((p) => p.in === location);
    if (!params.length) return null;
    return (
      <details key={location} open className={DETAILS_CLASS}>
        <summary>
          <h3 className="novaramp-ref-summary-heading">{LOCATION_TITLES[location]}</h3>
        </summary>
        <div>
          <div className={DETAILS_CONTENT_CLASS}>
            <ul>
              {params.map((p) => (
                <Parameter key={p.name} p={p} r={r} />
              ))}
            </ul>
          </div>
        </div>
      </details>
    );
  });
}

/** The request body's heading names its media type when it has one (each tab says which variant it is about). */
const bodyTitle = (media: MediaModel[], m: MediaModel): string => (media.length === 1 ? `Request body (${m.mediaType})` : `Request body (${m.mediaType})`);

function RequestBody({op, r}: {op: OperationModel; r: Render}): ReactNode {
  const body = op.requestBody;
  if (!body?.content.length) return null;
  return (
    <MimeTabs
      group={r.ids.next('req-media')}
      media={body.content}
      render={(m) => (
        <SchemaTabs
          r={r}
          group={r.ids.next(`req-${m.mediaType.replace(/[^a-z0-9]+/gi, '-')}`)}
          tabs={[
            {
              label: <span className="novaramp-ref-tab-label">{bodyTitle(body.content, m)}</span>,
              panel: <BodySchema media={m} title={bodyTitle(body.content, m)} required={body.required} description={body.description} kind="request" r={r} />,
            },
            ...(m.itemSchema
              ? [
                  {
                    label: <span className="novaramp-ref-tab-label">Example stream (auto)</span>,
                    panel: <ExampleBlock value={streamExample(m.mediaType, m.itemSchema)} mediaType="text/plain" />,
                  },
                ]
              : []),
            ...exampleTabs(m.examples, m.mediaType, r),
          ]}
        />
      )}
    />
  );
}

/** A response status's colour when its tab is selected: green for success, red for an error, blue otherwise. */
const statusClass = (status: string): string => `novaramp-ref-status--${/^2/.test(status) ? 'success' : /^[45]/.test(status) ? 'error' : 'other'}`;

function ResponseHeaders({response, r}: {response: ResponseModel; r: Render}): ReactNode {
  if (!response.headers.length) return null;
  return (
    <details style={{textAlign: 'left'}} className={DETAILS_CLASS}>
      <summary>
        <strong>Response Headers</strong>
      </summary>
      <div>
        <div className={DETAILS_CONTENT_CLASS}>
          <ul style={{marginLeft: '1rem'}}>
            {response.headers.map((h) => (
              <Property
                key={h.name}
                property={{
                  name: h.name,
                  required: h.required,
                  schema: h.schema
                    ? {
                        ...h.schema,
                        ...(h.schema.kind === 'schema'
                          ? {
                              description: h.description ?? h.schema.description,
                              examples: h.examples.length ? h.examples.map((e) => e.value) : h.schema.examples,
                            }
                          : {}),
                      }
                    : emptySchema(h),
                }}
                r={r}
              />
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}

const emptySchema = (h: ParameterModel): SchemaView => emptySchemaView(h.pointer, {id: h.pointer, description: h.description});

function ResponsePanel({response, r}: {response: ResponseModel; r: Render}): ReactNode {
  return (
    <>
      {response.summary && (
        <p className="novaramp-ref-response-summary">
          <strong>{response.summary}</strong>
        </p>
      )}
      {response.description && (
        <div>
          <div style={{marginTop: '.5rem', marginBottom: '.5rem'}}>
            <Prose text={response.description} r={r} className="novaramp-prose" />
          </div>
        </div>
      )}
      <ResponseHeaders response={response} r={r} />
      {response.content.length > 0 && (
        <MimeTabs
          group={r.ids.next(`res-${response.status}-media`)}
          media={response.content}
          render={(m) => {
            const auto = m.schema && /json/i.test(m.mediaType) ? sampleOf(m.schema) : undefined;
            const stream = m.itemSchema ? streamExample(m.mediaType, m.itemSchema) : undefined;
            return (
              <SchemaTabs
                r={r}
                group={r.ids.next(`res-${response.status}-${m.mediaType.replace(/[^a-z0-9]+/gi, '-')}`)}
                tabs={[
                  {label: <span className="novaramp-ref-tab-label">Schema</span>, panel: <BodySchema media={m} title="Schema" kind="response" r={r} />},
                  ...(stream !== undefined
                    ? [
                        {
                          label: <span className="novaramp-ref-tab-label">Example stream (auto)</span>,
                          panel: <ExampleBlock value={stream} mediaType="text/plain" />,
                        },
                      ]
                    : []),
                  ...(auto !== undefined
                    ? [
                        {
                          label: <span className="novaramp-ref-tab-label">Example (auto)</span>,
                          panel: <ExampleBlock value={auto} mediaType={m.mediaType} />,
                        },
                      ]
                    : []),
                  ...exampleTabs(m.examples, m.mediaType, r),
                ]}
              />
            );
          }}
        />
      )}
    </>
  );
}

const statusLabel = (status: string) => status;

function Responses({op, r}: {op: OperationModel; r: Render}): ReactNode {
  if (!op.responses.length) return null;
  const group = r.ids.next('responses');
  const title = 'Direct link to Responses';
  return (
    <div className="novaramp-ref-responses">
      <div className="novaramp-ref-responses__header">
        <h2 className="anchor novaramp-anchor novaramp-ref-responses__heading" id="responses">
          Responses
          {/* relies on: heading-anchor */}
          <a className="hash-link" href="#responses" aria-label={title} title={title} translate="no">
            {'\u200b'}
          </a>
        </h2>
        <div className="novaramp-ref-responses__bar">
          <ul role="tablist" aria-orientation="horizontal" className="tabs novaramp-ref-tabs novaramp-ref-status-tabs">
            {op.responses.map((res, i) => (
              <li
                key={res.status}
                role="tab"
                id={`${group}-tab-${i}`}
                aria-controls={`${group}-panel-${i}`}
                tabIndex={i === 0 ? 0 : -1}
                aria-selected={i === 0}
                title={res.summary ?? STATUS_CODES[Number(res.status)] ?? undefined}
                className={`tabs__item novaramp-ref-status ${statusClass(res.status)}`}>
                {statusLabel(res.status)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="margin-top--md">
        {op.responses.map((res, i) => (
          <div
            key={res.status}
            role="tabpanel"
            id={`${group}-panel-${i}`}
            aria-labelledby={`${group}-tab-${i}`}
            className="novaramp-ref-panel"
            hidden={i !== 0}>
            <ResponsePanel response={res} r={r} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The OAuth 2 / OpenID Connect schemes of an operation, each once: what its flows section shows. */
const oauthSchemes = (op: OperationModel): SecuritySchemeModel[] =>
  [...new Map(op.security.flat().map((s) => [s.name, s])).values()].filter((s) => s.flows?.length || s.oauth2MetadataUrl || s.openIdConnectUrl);

const FLOW_NAMES: Record<string, string> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  implicit: 'Implicit',
  password: 'Password',
  deviceAuthorization: 'Device authorization (RFC 8628: the user approves on another device)',
};

/**
 * What an operation's page says beyond its fields when the spec says it (OpenAPI 3.2 mostly): the tags above its
 * own, named servers, how to get an OAuth token (each flow's URLs, the device flow's too, the metadata URL), and the
 * description's own URI (`$self`). Nothing for an operation that has none of these.
 */
function OperationFacts({op}: {op: OperationModel}): ReactNode {
  // Named servers (OpenAPI 3.2): all the servers a reader can call, by name where they have one.
  const named = op.servers.some((s) => s.name && !s.internal) ? op.servers.filter((s) => !s.internal) : [];
  const oauth = oauthSchemes(op);
  if (!named.length && !oauth.length && !op.self && !op.tagPaths) return null;
  return (
    <div className="novaramp-ref-facts">
      {op.tagPaths && <p className="novaramp-ref-tags">In {tagTrailLabels(op).join(', ')}</p>}
      {named.length > 0 && (
        <details open className={DETAILS_CLASS}>
          <summary>
            <h3 className="novaramp-ref-summary-heading">Servers</h3>
          </summary>
          <div>
            <div className={DETAILS_CONTENT_CLASS}>
              <ul>
                {named.map((s) => (
                  <li key={s.url} className="novaramp-ref-server">
                    {s.name && (
                      <>
                        <strong>{s.name}</strong>:{' '}
                      </>
                    )}
                    <code>{s.url}</code>
                    {s.description && <> ({s.description})</>}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </details>
      )}
      {oauth.length > 0 && (
        <details open className={DETAILS_CLASS}>
          <summary>
            <h3 className="novaramp-ref-summary-heading">Authorization</h3>
          </summary>
          <div>
            <div className={DETAILS_CONTENT_CLASS}>
              <ul>
                {oauth.map((s) => (
                  <li key={s.name} className="novaramp-ref-security">
                    <strong>{s.name}</strong> ({s.type})
                    {s.oauth2MetadataUrl && (
                      <p>
                        Authorization server metadata: <code>{s.oauth2MetadataUrl}</code>
                      </p>
                    )}
                    {s.openIdConnectUrl && (
                      <p>
                        OpenID Connect discovery: <code>{s.openIdConnectUrl}</code>
                      </p>
                    )}
                    {s.flows && (
                      <ul>
                        {s.flows.map((f) => (
                          <li key={f.flow} className="novaramp-ref-flow">
                            {FLOW_NAMES[f.flow] ?? f.flow}
                            <ul>
                              {f.deviceAuthorizationUrl && (
                                <li>
                                  Device authorization URL: <code>{f.deviceAuthorizationUrl}</code>
                                </li>
                              )}
                              {f.authorizationUrl && (
                                <li>
                                  Authorization URL: <code>{f.authorizationUrl}</code>
                                </li>
                              )}
                              {f.tokenUrl && (
                                <li>
                                  Token URL: <code>{f.tokenUrl}</code>
                                </li>
                              )}
                              {f.refreshUrl && (
                                <li>
                                  Refresh URL: <code>{f.refreshUrl}</code>
                                </li>
                              )}
                              {Object.keys(f.scopes).length > 0 && (
                                <li>
                                  Scopes:{' '}
                                  {Object.entries(f.scopes).map(([scope, what], i) => (
                                    <React.Fragment key={scope}>
                                      {i > 0 && '; '}
                                      <code>{scope}</code>
                                      {what && `: ${what}`}
                                    </React.Fragment>
                                  ))}
                                </li>
                              )}
                            </ul>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </details>
      )}
      {op.self && (
        <p className="novaramp-ref-self">
          From the API description <code>{op.self}</code>
        </p>
      )}
    </div>
  );
}

/** The static HTML of an operation's reference. */
export function renderReferenceHtml(op: OperationModel, ctx: HtmlContext): string {
  const r: Render = {ctx, ids: new Ids()};
  return renderToStaticMarkup(
    <>
      <OperationFacts op={op} />
      <Parameters op={op} r={r} />
      <RequestBody op={op} r={r} />
      <Responses op={op} r={r} />
    </>,
  );
}

/** The static HTML of a component shown apart: its description and fields, as they read inside its row. */
export function renderComponentHtml(component: ComponentModel, ctx: HtmlContext): string {
  const r: Render = {ctx, ids: new Ids()};
  const schema = component.schema;
  return renderToStaticMarkup(
    <div style={{marginLeft: '1rem'}}>
      {schema.kind === 'schema' && <Facts node={schema} />}
      <ul id={fieldsId(schema)}>
        <Fields node={schema} r={r} />
      </ul>
    </div>,
  );
}
