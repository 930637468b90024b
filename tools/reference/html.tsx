/**
 * The reference of an operation page (parameters, request body, responses) as static HTML, rendered from the
 * reference model (./model.ts) by these server components while `gen:api` writes the pages. The markup keeps the
 * OpenAPI theme's class names, so the theme's CSS (and src/css/custom.css) style it as they styled the theme's own
 * components; every tab names its panel (`aria-controls`), every variant of a `oneOf`/`anyOf` has its own panel, and
 * hidden panels are cut out of the page's HTML afterwards (tools/api-pages/defer-panels.ts) and filled when selected
 * (src/components/ApiDocItem/reference-dom.ts). A component shown apart (SchemaRef) is a closed `<details>` whose
 * content is the component's own reference file, loaded when it is opened.
 */
import React, {type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {STATUS_CODES} from 'node:http';
import {COMPONENT_FILE_ATTRIBUTE} from '../../src/data/static-reference';
import type {Json} from '../openapi/json';
import {codeBlockParts} from '../highlight';
import {ADDITIONAL_PROPERTY, ENUM_INLINE_MAX, ENUM_SHOWN, enumSegments, literal, possibleValues, qualifierWords, typeLabel, type Segment} from './facts';
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
} from './model';
import {emptySchemaView} from './model';
import {proseHtml} from './prose';
import {sampleOf} from './sample';

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

function Prose({text, level = 5, r, className}: {text?: string; level?: number; r: Render; className?: string}): ReactNode {
  if (!text?.trim()) return null;
  const {html, paragraph, links, problems} = proseHtml(text, {headingLevel: level, foreign: r.ctx.foreign});
  r.ctx.links.push(...links);
  r.ctx.problems.push(...problems);
  // One paragraph is one <p> (most descriptions): no wrapper element per description.
  if (paragraph !== undefined && !className) return <p dangerouslySetInnerHTML={{__html: paragraph}} />;
  return <div className={className ?? 'openapi-schema__description'} dangerouslySetInnerHTML={{__html: html}} />;
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
      {rest && node.const !== undefined && <Value className="openapi-schema__constant" label="Constant value" value={node.const} />}
      {rest && node.default !== undefined && <Value className="openapi-schema__default" label="Default value" value={node.default} />}
      {rest && example !== undefined && <Value className="openapi-example" label="Example" value={example} />}
    </>
  );
}

/** A value with its label, as the theme writes a default, a constant or an example. */
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
function RowHead({
  name,
  node,
  required,
  typeClass = 'openapi-schema__name',
}: {
  name: string;
  node: SchemaNode;
  required: boolean;
  typeClass?: string;
}): ReactNode {
  const words = qualifierWords(node, required);
  return (
    <span className="openapi-schema__container">
      <strong className="openapi-schema__property">{name}</strong> <span className={typeClass}>{typeLabel(node)}</span>
      {words.length > 0 && <span className="openapi-schema__divider" />}
      {words.map((w) => (
        <React.Fragment key={w}>
          {' '}
          <span
            className={
              w === 'required'
                ? 'openapi-schema__required'
                : w === 'nullable'
                  ? 'openapi-schema__nullable'
                  : w === 'deprecated'
                    ? 'openapi-schema__deprecated'
                    : 'openapi-schema__strong'
            }>
            {w}
          </span>
        </React.Fragment>
      ))}
    </span>
  );
}

/** Whether a node lists fields (a collapsible row, or a pointer to where they are) rather than being a value. */
function hasFields(node: SchemaNode): boolean {
  if (node.kind !== 'schema') return true;
  const inner = node.items ?? node;
  if (inner.kind !== 'schema') return true;
  return inner.properties.length > 0 || !!inner.variants || typeof inner.additionalProperties === 'object';
}

/**
 * The folded row of a component's schema: `children` is its summary, `content` what it shows before the fields,
 * which the page loads from the component's file (COMPONENT_FILE_ATTRIBUTE) when the row opens.
 */
function ComponentRow({node, r, content, children}: {node: SchemaRef; r: Render; content?: ReactNode; children: ReactNode}): ReactNode {
  return (
    <li className="openapi-schema__list-item">
      <details
        className="theme-details alert alert--info novaramp-details openapi-markdown__details"
        {...{[COMPONENT_FILE_ATTRIBUTE]: r.ctx.componentFile(node.ref, node.direction)}}>
        <summary>{children}</summary>
        <div>
          <div className="novaramp-details__content">{content}</div>
        </div>
      </details>
    </li>
  );
}

/** The fields of an object schema (its properties, its variants, its other properties), as list items. */
function Fields({node, r}: {node: SchemaNode; r: Render}): ReactNode {
  if (node.kind === 'link') {
    return (
      <li className="openapi-schema__list-item novaramp-schema-link">
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
          Fields of <span className="openapi-schema__name">{node.name}</span>
        </span>
      </ComponentRow>
    );
  }
  if (node.items) return <Fields node={node.items} r={r} />;
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

function Variants({node, r}: {node: SchemaView; r: Render}): ReactNode {
  const variants = node.variants!;
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
          </p>
        )}
        <Tabs
          r={r}
          group={group}
          listClass="openapi-tabs__schema-list-container tabs"
          itemClass="tabs__item openapi-tabs__schema-item"
          containerClass="openapi-tabs__schema-container"
          listContainerClass="openapi-tabs__schema-tabs-container"
          panelClass="tabItem margin-top--md"
          flatPanels
          tabs={variants.options.map((o) => ({
            label: <span className="openapi-tabs__schema-label">{o.label}</span>,
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
          <span className="openapi-schema__name">{typeLabel(node)}</span>
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
const fieldsId = (node: SchemaNode): string | undefined => (node.kind !== 'schema' ? undefined : node.items ? fieldsId(node.items) : node.id);

function Property({property, r}: {property: PropertyModel; r: Render}): ReactNode {
  const {name, required, schema} = property;
  const description = schema.kind === 'schema' ? schema.description : schema.description;
  if (schema.kind === 'link') {
    return (
      <li className="openapi-schema__list-item">
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
  if (!hasFields(schema)) {
    return (
      <li className="openapi-schema__list-item">
        <div>
          <RowHead name={name} node={schema} required={required} />
          <Prose text={description} r={r} />
          <Facts node={schema} />
        </div>
      </li>
    );
  }
  const view = schema.kind === 'schema' ? schema : undefined;
  const itemDescription = view?.items?.kind === 'schema' && view.items.description !== view.description ? view.items.description : undefined;
  if (schema.kind === 'ref') {
    return (
      <ComponentRow node={schema} r={r} content={<Prose text={description} r={r} />}>
        <RowHead name={name} node={schema} required={required} />
      </ComponentRow>
    );
  }
  return (
    <li className="openapi-schema__list-item">
      <details className="theme-details alert alert--info novaramp-details openapi-markdown__details" id={view?.id}>
        <summary>
          <RowHead name={name} node={schema} required={required} />
        </summary>
        <div>
          <div className="novaramp-details__content">
            <div style={{marginLeft: '1rem'}}>
              <Prose text={description} r={r} />
              {itemDescription && (
                <div className="openapi-schema__description">
                  Each item: <Prose text={itemDescription} r={r} className="novaramp-inline" />
                </div>
              )}
              <Facts node={schema} />
              <ul id={view?.items ? fieldsId(view.items) : undefined}>
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
  className?: string;
}

/**
 * A tab group in the theme's markup, with the ARIA links the theme leaves out: each tab names its panel. The first
 * tab is selected; the other panels are `hidden` (and cut out of the page's HTML afterwards: tools/api-pages/defer-panels.ts).
 */
function Tabs(props: {
  r: Render;
  group: string;
  tabs: Tab[];
  listClass: string;
  itemClass: string;
  containerClass: string;
  listContainerClass: string;
  panelClass: string;
  /** Panels right after the list's container (schema tabs), rather than in a `margin-top--md` wrapper. */
  flatPanels?: boolean;
  listContainerStyle?: React.CSSProperties;
  heading?: ReactNode;
}): ReactNode {
  const {group, tabs} = props;
  const tab = (i: number) => `${group}-tab-${i}`;
  const panel = (i: number) => `${group}-panel-${i}`;
  const list = (
    <ul role="tablist" aria-orientation="horizontal" className={props.listClass}>
      {tabs.map((t, i) => (
        <li
          key={i}
          role="tab"
          id={tab(i)}
          aria-controls={panel(i)}
          tabIndex={i === 0 ? 0 : -1}
          aria-selected={i === 0}
          className={[props.itemClass, t.className, i === 0 ? 'active' : ''].filter(Boolean).join(' ')}>
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
    <div className={props.containerClass}>
      {props.heading}
      <div className={props.listContainerClass} style={props.listContainerStyle ?? {marginBottom: '1rem'}}>
        {list}
      </div>
      {props.flatPanels ? panels : <div className="margin-top--md">{panels}</div>}
    </div>
  );
}

/** A body's tabs in the theme's schema-tab markup: its schema, then its examples. */
function SchemaTabs({r, group, tabs}: {r: Render; group: string; tabs: Tab[]}): ReactNode {
  return (
    <Tabs
      r={r}
      group={group}
      listClass="openapi-tabs__schema-list-container tabs openapi-tabs__schema"
      itemClass="tabs__item openapi-tabs__schema-item"
      containerClass="openapi-tabs__schema-container"
      listContainerClass="openapi-tabs__schema-tabs-container"
      panelClass="tabItem"
      tabs={tabs}
    />
  );
}

function MimeTabs({group, media, render}: {group: string; media: MediaModel[]; render: (m: MediaModel) => ReactNode}): ReactNode {
  const tab = (i: number) => `${group}-tab-${i}`;
  const panel = (i: number) => `${group}-panel-${i}`;
  return (
    <div className="tabs-container">
      <div className="tabs__container">
        <div className="openapi-tabs__mime-container">
          <ul role="tablist" aria-orientation="horizontal" className="openapi-tabs__mime-list-container tabs openapi-tabs__mime">
            {media.map((m, i) => (
              <li
                key={m.mediaType}
                role="tab"
                id={tab(i)}
                aria-controls={panel(i)}
                tabIndex={i === 0 ? 0 : -1}
                aria-selected={i === 0}
                className={`tabs__item openapi-tabs__mime-item${i === 0 ? ' active' : ''}`}>
                {m.mediaType}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="margin-top--md">
        {media.map((m, i) => (
          <div key={m.mediaType} role="tabpanel" id={panel(i)} aria-labelledby={tab(i)} className="tabItem" hidden={i !== 0}>
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
    <div className="openapi-code__code-samples-container">
      <div className={parts.className} dangerouslySetInnerHTML={{__html: parts.innerHtml}} />
    </div>
  );
}

function exampleTabs(examples: ExampleModel[], mediaType: string, r: Render): Tab[] {
  return examples.map((e, i) => ({
    label: <span className="openapi-tabs__schema-label">{e.key ?? (examples.length > 1 ? `Example ${i + 1}` : 'Example')}</span>,
    panel: (
      <>
        {e.summary && <p>{e.summary}</p>}
        <Prose text={e.description} r={r} />
        <ExampleBlock value={e.value} mediaType={mediaType} />
      </>
    ),
  }));
}

/** A body's schema (request or response) in its `<details>`, as the theme lays it out. */
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
      <h3 className="openapi-markdown__details-summary-header-body">
        {title}
        {required && (
          <>
            {' '}
            <strong className="openapi-schema__required">required</strong>
          </>
        )}
      </h3>
    ) : (
      <strong className="openapi-markdown__details-summary-response">{title}</strong>
    );
  return (
    <details
      open
      className={`theme-details alert alert--info novaramp-details openapi-markdown__details ${kind === 'request' ? 'mime' : 'response'}`}
      id={schema?.kind === 'schema' ? schema.id : undefined}>
      <summary className="openapi-markdown__details-summary--with-control">{summary}</summary>
      <div>
        <div className="novaramp-details__content">
          <div style={{textAlign: 'left', marginLeft: '1rem'}}>
            {description && (
              <div style={{marginTop: '1rem', marginBottom: '1rem'}}>
                <Prose text={description} r={r} className="novaramp-prose" />
              </div>
            )}
            {schema && schema.kind === 'schema' && !hasFields(schema) && (
              <>
                <p>
                  <span className="openapi-schema__name">{typeLabel(schema)}</span>
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
                    Array of <span className="openapi-schema__name">{typeLabel(schema.items)}</span>
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
        </div>
      </div>
    </details>
  );
}

const LOCATION_TITLES: Record<ParameterModel['in'], string> = {
  path: 'Path Parameters',
  query: 'Query Parameters',
  header: 'Header Parameters',
  cookie: 'Cookie Parameters',
};

function Parameter({p, r}: {p: ParameterModel; r: Render}): ReactNode {
  const schema = p.schema;
  const example = p.examples[0]?.value;
  return (
    <li className="openapi-params__list-item" id={r.ids.next(`param-${p.in}-${p.name}`.toLowerCase().replace(/[^a-z0-9_-]+/g, '-'))}>
      {schema ? (
        <RowHead name={p.name} node={{...schema, nullable: schema.nullable}} required={p.required} typeClass="openapi-schema__type" />
      ) : (
        <span className="openapi-schema__container">
          <strong className="openapi-schema__property">{p.name}</strong>
        </span>
      )}
      {p.deprecated && (
        <p>
          <strong>Deprecated.</strong>
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
      {example !== undefined ? (
        <Value className="openapi-example" label="Example" value={example} />
      ) : (
        schema &&
        schema.kind === 'schema' &&
        schema.examples[0] !== undefined && <Value className="openapi-example" label="Example" value={schema.examples[0]} />
      )}
    </li>
  );
}

function Parameters({op, r}: {op: OperationModel; r: Render}): ReactNode {
  return (['path', 'query', 'header', 'cookie'] as const).map((location) => {
    const params = op.parameters.filter((p) => p.in === location);
    if (!params.length) return null;
    return (
      <details key={location} style={{marginBottom: '1rem'}} open className="theme-details alert alert--info novaramp-details openapi-markdown__details">
        <summary>
          <h3 className="openapi-markdown__details-summary-header-params">{LOCATION_TITLES[location]}</h3>
        </summary>
        <div>
          <div className="novaramp-details__content">
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
              label: <span className="openapi-tabs__schema-label">{bodyTitle(body.content, m)}</span>,
              panel: <BodySchema media={m} title={bodyTitle(body.content, m)} required={body.required} description={body.description} kind="request" r={r} />,
            },
            ...exampleTabs(m.examples, m.mediaType, r),
          ]}
        />
      )}
    />
  );
}

const statusClass = (status: string): string => (/^2/.test(status) ? 'success' : /^[45]/.test(status) ? 'danger' : 'info');

function ResponseHeaders({response, r}: {response: ResponseModel; r: Render}): ReactNode {
  if (!response.headers.length) return null;
  return (
    <details style={{textAlign: 'left', marginBottom: '1rem'}} className="theme-details alert alert--info novaramp-details openapi-markdown__details">
      <summary>
        <strong>Response Headers</strong>
      </summary>
      <div>
        <div className="novaramp-details__content">
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
            return (
              <SchemaTabs
                r={r}
                group={r.ids.next(`res-${response.status}-${m.mediaType.replace(/[^a-z0-9]+/gi, '-')}`)}
                tabs={[
                  {label: <span className="openapi-tabs__schema-label">Schema</span>, panel: <BodySchema media={m} title="Schema" kind="response" r={r} />},
                  ...(auto !== undefined
                    ? [
                        {
                          label: <span className="openapi-tabs__schema-label">Example (auto)</span>,
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
    <div className="openapi-tabs__container">
      <div className="openapi-tabs__response-header-section">
        <h2 className="anchor novaramp-anchor openapi-tabs__heading openapi-tabs__response-header" id="responses">
          Responses
          <a className="hash-link" href="#responses" aria-label={title} title={title} translate="no">
            {'\u200b'}
          </a>
        </h2>
        <div className="openapi-tabs__response-container">
          <ul role="tablist" aria-orientation="horizontal" className="openapi-tabs__response-list-container tabs">
            {op.responses.map((res, i) => (
              <li
                key={res.status}
                role="tab"
                id={`${group}-tab-${i}`}
                aria-controls={`${group}-panel-${i}`}
                tabIndex={i === 0 ? 0 : -1}
                aria-selected={i === 0}
                title={STATUS_CODES[Number(res.status)] ?? undefined}
                className={`tabs__item openapi-tabs__response-code-item ${statusClass(res.status)}${i === 0 ? ' active' : ''}`}>
                {statusLabel(res.status)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="margin-top--md">
        {op.responses.map((res, i) => (
          <div key={res.status} role="tabpanel" id={`${group}-panel-${i}`} aria-labelledby={`${group}-tab-${i}`} className="tabItem" hidden={i !== 0}>
            <ResponsePanel response={res} r={r} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The static HTML of an operation's reference. */
export function renderReferenceHtml(op: OperationModel, ctx: HtmlContext): string {
  const r: Render = {ctx, ids: new Ids()};
  return renderToStaticMarkup(
    <>
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
