import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import {AgentDiscovery} from '@site/src/plugins/agent-markdown/components';
import type {ReactNode} from 'react';
import styles from './index.module.css';

const CAPABILITIES = [
  {title: 'Accounts and KYC', text: 'Onboard individuals and businesses and follow their identity verification to approval.'},
  {title: 'Balances and coins', text: 'Hold fiat and crypto side by side; every amount is an exact decimal string.'},
  {title: 'Crypto wallets', text: 'Deposit addresses per asset and network, saved beneficiaries and screened withdrawals.'},
  {title: 'Fiat banking', text: 'Deposit instructions, linked bank accounts and payouts over ACH, wire, SEPA and Faster Payments.'},
  {title: 'Trading', text: 'Preview a quote with a locked rate, then execute it: on-ramp and off-ramp in two calls.'},
  {title: 'Webhooks', text: 'Signed events for every account, deposit, withdrawal and trade, retried for three days.'},
];

const CARDS = [
  {to: '/docs/guides/welcome-guide', title: 'Guides', text: 'From a sandbox key to your first trade, step by step.'},
  {to: '/docs/api/overview', title: 'API Reference', text: 'Every endpoint with its parameters, schemas, errors and a live request panel.'},
  {to: '/docs/api/getting-started', title: 'Getting started', text: 'Make your first authenticated call in under five minutes.'},
  {to: '/docs/category/terminology', title: 'Terminology', text: 'Accounts, wallets, quotes and transactions, defined precisely.'},
];

function Section({id, title, className, children}: {id: string; title: string; className: string; children: ReactNode}): ReactNode {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className="container">
        <Heading as="h2" id={id}>
          {title}
        </Heading>
        <div className={className}>{children}</div>
      </div>
    </section>
  );
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title="Developer documentation" description={`${siteConfig.title} API guides and reference.`}>
      <AgentDiscovery route="/" />
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1">{siteConfig.title} developer documentation</Heading>
          <p className={styles.heroLead}>{siteConfig.tagline}</p>
          <div className={styles.actions}>
            <Link className="button button--secondary button--lg" to="/docs/guides/welcome-guide">
              Read the guides
            </Link>
            <Link className="button button--outline button--lg" style={{color: '#fff', borderColor: '#fff'}} to="/docs/api/overview">
              Browse the API reference
            </Link>
          </div>
        </div>
      </header>
      <main>
        <Section id="what-the-api-does" title="What the API does" className={styles.capabilities}>
          {CAPABILITIES.map(({title, text}) => (
            <div key={title} className={styles.capability}>
              <Heading as="h3">{title}</Heading>
              <p>{text}</p>
            </div>
          ))}
        </Section>
        <Section id="start-here" title="Start here" className={styles.cards}>
          {CARDS.map(({to, title, text}) => (
            <Link key={to} to={to} className={styles.card}>
              <Heading as="h3">{title}</Heading>
              <p>{text}</p>
            </Link>
          ))}
        </Section>
      </main>
    </Layout>
  );
}
