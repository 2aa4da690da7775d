import { css } from 'lit';

export default css`
  :host {
    display: block;
    min-height: 100%;
    background: var(--riffle-bg);
    color: var(--riffle-text);
    font-family: var(--riffle-font);
    -webkit-font-smoothing: antialiased;
  }
  main {
    max-width: 32rem;
    margin: 0 auto;
    padding: 1.5rem 1rem 3rem;
  }
  h1 {
    font-size: 1.6rem;
    margin: 0 0 0.25rem;
  }
  .name {
    color: var(--riffle-muted);
    margin: 0 0 1.25rem;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: 0.4rem;
  }
  input {
    width: 100%;
    box-sizing: border-box;
    font: inherit;
    font-size: 1.25rem;
    padding: 0.75rem 0.9rem;
    border-radius: 0.6rem;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface);
    color: var(--riffle-text);
  }
  input:focus {
    outline: 2px solid var(--riffle-accent);
    outline-offset: 1px;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 1rem 0 0;
    display: grid;
    gap: 0.6rem;
  }
  li {
    background: var(--riffle-surface);
    border: 1px solid var(--riffle-line);
    border-radius: 0.7rem;
    padding: 0.8rem 1rem;
  }
  .who {
    font-weight: 600;
  }
  .where {
    font-size: 1.6rem;
    font-weight: 800;
    color: var(--riffle-accent);
    margin-top: 0.2rem;
  }
  li.won {
    border: 0.15rem solid var(--riffle-accent);
  }
  .where.out {
    font-size: 1.2rem;
    color: var(--riffle-muted);
  }
  .hint {
    color: var(--riffle-muted);
    margin-top: 1rem;
  }
`;
