import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { APP_NAME, CONTACT_EMAIL } from '../../config/app';
import { paths } from '../../config/paths';

import './privacy-page.css';

const LAST_UPDATED = '21 November 2026';

const SECTIONS = [
  ['who-we-are', 'Who we are and our role'],
  ['what-we-collect', 'What we collect'],
  ['why', 'Why we use it'],
  ['legal-bases', 'Legal bases'],
  ['retention', 'How long we keep it'],
  ['sharing', 'Processors and sharing'],
  ['transfers', 'International transfers'],
  ['security', 'How we protect it'],
  ['rights', 'Your rights'],
  ['cookies', 'Cookies'],
  ['children', 'Children'],
  ['changes', 'Changes to this policy'],
  ['contact', 'Contact us'],
] as const;

export function PrivacyPage() {
  useEffect(() => {
    document.title = `Privacy policy — ${APP_NAME}`;
  }, []);

  const mail = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

  return (
    <div className="privacy">
      <header className="privacy-hero">
        <div className="container privacy-narrow">
          <p className="privacy-eyebrow">Legal</p>
          <h1 className="privacy-title">Privacy policy</h1>
          <p className="privacy-updated">Last updated {LAST_UPDATED}</p>
          <p className="privacy-intro">
            {APP_NAME} helps organizations verify the identity of their customers. Identity checks involve sensitive personal data, so we want to be clear about
            what we collect, why, how long we keep it and what you can ask of us.
          </p>
        </div>
      </header>

      <div className="container privacy-layout">
        <nav className="privacy-toc" aria-label="On this page">
          <p className="privacy-toc-title">On this page</p>
          <ol>
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="privacy-content">
          <section id="who-we-are">
            <h2>1. Who we are and our role</h2>
            <p>
              This policy covers the {APP_NAME} service: the back-office used by organizations (&ldquo;customers&rdquo;) and the verification page their end
              users (&ldquo;applicants&rdquo;) complete.
            </p>
            <ul>
              <li>
                <strong>For account data</strong> of the people who sign up and use the back-office, we are the <em>controller</em>.
              </li>
              <li>
                <strong>For applicant data</strong>, the organization that asked you to verify your identity is the controller. It decides why your identity is
                checked and what happens with the result. We process that data on its behalf as a <em>processor</em>, under a data processing agreement and only
                on its documented instructions. If you are an applicant, please also read the privacy notice of that organization, and direct requests about
                your verification to it first; we will help it answer.
              </li>
            </ul>
          </section>

          <section id="what-we-collect">
            <h2>2. What we collect</h2>
            <h3>From applicants</h3>
            <ul>
              <li>
                <strong>Identity documents:</strong> photos or scans of the front and back of a passport, identity card, driving licence or residence permit.
              </li>
              <li>
                <strong>Selfies:</strong> a photo or short capture of your face, used to confirm that you are the person shown on the document and that you are
                present.
              </li>
              <li>
                <strong>Personal data read from the document or entered by you:</strong> name, date and place of birth, sex, nationality and country of issue,
                document type and number, issue and expiry dates, address, height, marital status and parents&apos; names where the document shows them.
              </li>
              <li>
                <strong>Verification data:</strong> the identifier the organization uses for you, the status and outcome of the check, reviewer notes and
                changes, and timestamps.
              </li>
              <li>
                <strong>Technical data:</strong> IP address, browser and device information, needed to deliver the verification page and to detect fraud.
              </li>
            </ul>
            <p>
              A face image compared with a document photo can be biometric data, a special category of personal data. We process it only to verify identity, and
              only with the legal basis described in section 4.
            </p>
            <h3>From back-office users</h3>
            <ul>
              <li>
                <strong>Account data:</strong> username, e-mail address, a password (stored only as a salted Argon2id hash), an optional profile image, your
                role and whether your e-mail address is confirmed.
              </li>
              <li>
                <strong>Developer settings:</strong> webhook and redirect URLs, and your API key (stored only as a one-way hash).
              </li>
              <li>
                <strong>Usage and security records:</strong> sign-in events, the organizations you belong to, and an audit log of which applicant records you
                viewed or changed.
              </li>
            </ul>
          </section>

          <section id="why">
            <h2>3. Why we use it</h2>
            <ul>
              <li>To verify that applicants are who they claim to be, on behalf of our customers.</li>
              <li>To help our customers meet their know-your-customer and anti-money-laundering obligations, and to prevent fraud and identity theft.</li>
              <li>To notify the customer&apos;s systems of the outcome (by webhook) and return the applicant to the customer&apos;s site.</li>
              <li>To run back-office accounts: sign-in, permissions, support and service e-mails.</li>
              <li>To keep the service secure: detecting abuse, investigating incidents, and keeping audit records.</li>
            </ul>
            <p>
              We do not sell personal data, do not use it for advertising, and do not use applicant data to train models for purposes other than the
              verification requested.
            </p>
          </section>

          <section id="legal-bases">
            <h2>4. Legal bases</h2>
            <ul>
              <li>
                <strong>Legal obligation</strong> (GDPR Art. 6(1)(c)): where the organization must identify its customers under anti-money-laundering or other
                laws.
              </li>
              <li>
                <strong>Contract</strong> (Art. 6(1)(b)): to provide the service you or the organization signed up for.
              </li>
              <li>
                <strong>Legitimate interests</strong> (Art. 6(1)(f)): to prevent fraud, keep the service secure and improve its reliability, where those
                interests are not overridden by yours.
              </li>
              <li>
                <strong>Consent</strong> (Art. 6(1)(a) and, for biometric data, Art. 9(2)(a)) or <strong>substantial public interest</strong> (Art. 9(2)(g))
                where the law provides it: for processing face images to match them with your document. You can withdraw consent at any time; this does not
                affect processing already done, but the verification cannot then be completed.
              </li>
            </ul>
          </section>

          <section id="retention">
            <h2>5. How long we keep it</h2>
            <ul>
              <li>
                <strong>Applicant data</strong> is kept for as long as the organization instructs, usually the period its anti-money-laundering rules require
                (often five years after the business relationship ends), and is then deleted.
              </li>
              <li>
                <strong>Incomplete verifications</strong> are deleted when the organization deletes or resets them.
              </li>
              <li>
                <strong>Back-office accounts</strong> are kept until you delete your account. Demo accounts and their sample data are deleted automatically
                after 24 hours, or when you log out of them.
              </li>
              <li>
                <strong>Audit and security logs</strong> are kept for up to 12 months unless a longer period is needed to investigate an incident or required by
                law.
              </li>
            </ul>
          </section>

          <section id="sharing">
            <h2>6. Processors and sharing</h2>
            <p>We share personal data only as needed to provide the service:</p>
            <ul>
              <li>
                <strong>The organization</strong> that requested your verification receives the result and the data you submitted.
              </li>
              <li>
                <strong>Hosting and infrastructure providers</strong> that run the servers, databases and backups.
              </li>
              <li>
                <strong>Identity verification providers</strong>, where the organization has enabled one, to analyse documents and selfies.
              </li>
              <li>
                <strong>E-mail delivery providers</strong> for account confirmation and password reset messages.
              </li>
              <li>
                <strong>Authorities</strong>, when the law requires it, for example a court order.
              </li>
            </ul>
            <p>
              Every processor is bound by a written agreement that requires confidentiality, appropriate security and deletion when the work is done. Ask us for
              the current list of sub-processors at {mail}.
            </p>
          </section>

          <section id="transfers">
            <h2>7. International transfers</h2>
            <p>
              Data is stored in the region chosen by the operator of this installation. If personal data leaves the European Economic Area, UK or Switzerland,
              we rely on an adequacy decision or the European Commission&apos;s Standard Contractual Clauses, with extra safeguards where needed.
            </p>
          </section>

          <section id="security">
            <h2>8. How we protect it</h2>
            <ul>
              <li>Encryption in transit (TLS) and encrypted storage and backups.</li>
              <li>
                Access limited by role and organization: staff see only the applicants of organizations they belong to, and every view and change is recorded in
                an audit log.
              </li>
              <li>Document images served only to signed-in, authorized users.</li>
              <li>Passwords hashed with Argon2id; API keys stored only as hashes.</li>
              <li>Rate limiting, strict browser security headers and regular security testing.</li>
            </ul>
            <p>
              If a breach affects your personal data, we will inform the organization concerned and, where required, the supervisory authority and you, without
              undue delay.
            </p>
          </section>

          <section id="rights">
            <h2>9. Your rights</h2>
            <p>Depending on where you live, you have the right to:</p>
            <ul>
              <li>access the personal data we hold about you and receive a copy;</li>
              <li>correct inaccurate or incomplete data;</li>
              <li>have your data deleted, where we are not required to keep it;</li>
              <li>restrict or object to processing based on legitimate interests;</li>
              <li>receive your data in a portable format;</li>
              <li>withdraw consent at any time;</li>
              <li>
                not be subject to a decision based solely on automated processing that has legal or similarly significant effects: a person can review any
                verification outcome on request;
              </li>
              <li>complain to your data protection supervisory authority.</li>
            </ul>
            <p>
              Applicants: please send requests to the organization that asked you to verify; if you contact us, we will forward your request to it. Back-office
              users can change or delete their account from the account settings, or write to {mail}. We answer within one month.
            </p>
          </section>

          <section id="cookies">
            <h2>10. Cookies</h2>
            <p>
              We use one strictly necessary session cookie to keep you signed in and to protect forms against cross-site request forgery. We use no advertising
              or third-party tracking cookies, so there is nothing to opt out of.
            </p>
          </section>

          <section id="children">
            <h2>11. Children</h2>
            <p>
              The service is not intended for people under 16. If you believe a child has submitted data, contact us and we will work with the organization to
              delete it.
            </p>
          </section>

          <section id="changes">
            <h2>12. Changes to this policy</h2>
            <p>
              We will post any change on this page and update the date above. If a change is significant, we will notify account holders by e-mail before it
              takes effect.
            </p>
          </section>

          <section id="contact">
            <h2>13. Contact us</h2>
            <p>
              Questions about this policy or your data: {mail}. You can also <Link to={paths.home}>return to the home page</Link>.
            </p>
          </section>
        </article>
      </div>
    </div>
  );
}
