/**
 * A fake obs-websocket 5 server on loopback, for what a real OBS cannot be made to do on demand:
 * hang in the middle of an action. It speaks the JSON subprotocol (Hello, then Identify answered
 * with Identified; no password), answers the requests the bridge makes from a small model (the
 * scenes, the program scene, text inputs), and records every request with the number of the
 * connection it came on. `mode` says what it does with a request: answer it, swallow it (an OBS
 * that hangs: the socket stays open), or close the socket when it arrives.
 */
import { WebSocketServer, type WebSocket } from 'ws';

export type FakeObsMode = 'answer' | 'swallow' | 'close';

export interface FakeRequest {
  /** 1 for the first connection, 2 for the next, … */
  connection: number;
  type: string;
  data: Record<string, unknown>;
}

export interface FakeObs {
  url: string;
  mode: FakeObsMode;
  /** Every request received, answered or not. */
  readonly requests: FakeRequest[];
  /** Connections accepted so far. */
  readonly connections: number;
  programScene: string;
  close(): Promise<void>;
}

const OK = { result: true, code: 100 };

export async function startFakeObs(scenes: string[], inputs: string[]): Promise<FakeObs> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => (protocols.has('obswebsocket.json') ? 'obswebsocket.json' : false) });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as { port: number }).port;
  let connections = 0;
  const fake: FakeObs = {
    url: `ws://127.0.0.1:${port}`,
    mode: 'answer',
    requests: [],
    get connections() {
      return connections;
    },
    programScene: scenes[0]!,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };

  const send = (socket: WebSocket, op: number, d: unknown) => socket.send(JSON.stringify({ op, d }));
  /** The answer to one request: [status, responseData]. */
  const answer = (type: string, data: Record<string, unknown>): [typeof OK | { result: false; code: number; comment: string }, unknown] => {
    switch (type) {
      case 'GetVersion':
        return [OK, { obsVersion: '30.0.0-fake', obsWebSocketVersion: '5.1.0', rpcVersion: 1, availableRequests: [], supportedImageFormats: [], platform: 'fake', platformDescription: 'fake' }];
      case 'GetSceneList':
        return [OK, { currentProgramSceneName: fake.programScene, currentPreviewSceneName: null, scenes: scenes.map((sceneName, sceneIndex) => ({ sceneName, sceneIndex })).reverse() }];
      case 'GetStudioModeEnabled':
        return [OK, { studioModeEnabled: false }];
      case 'GetSceneTransitionList':
        return [OK, { currentSceneTransitionName: 'Fade', currentSceneTransitionKind: 'fade_transition', transitions: ['Cut', 'Fade'].map((transitionName) => ({ transitionName, transitionKind: `${transitionName.toLowerCase()}_transition`, transitionFixed: transitionName === 'Cut', transitionConfigurable: false })) }];
      case 'GetInputList':
        return [OK, { inputs: inputs.map((inputName) => ({ inputName, inputKind: 'text_ft2_source_v2', unversionedInputKind: 'text_ft2_source' })) }];
      case 'SetCurrentProgramScene': {
        const scene = String(data.sceneName);
        if (!scenes.includes(scene)) return [{ result: false, code: 600, comment: `No source was found by the name of \`${scene}\`.` }, undefined];
        fake.programScene = scene;
        return [OK, undefined];
      }
      case 'SetInputSettings':
        return inputs.includes(String(data.inputName)) ? [OK, undefined] : [{ result: false, code: 600, comment: 'No source was found.' }, undefined];
      default:
        return [{ result: false, code: 204, comment: 'Your request type is not valid.' }, undefined];
    }
  };

  wss.on('connection', (socket) => {
    const connection = ++connections;
    send(socket, 0, { obsWebSocketVersion: '5.1.0', rpcVersion: 1 });
    socket.on('message', (raw) => {
      const { op, d } = JSON.parse(String(raw)) as { op: number; d: Record<string, unknown> };
      if (op === 1) return send(socket, 2, { negotiatedRpcVersion: 1 });
      if (op !== 6) return;
      const type = String(d.requestType);
      const data = (d.requestData ?? {}) as Record<string, unknown>;
      fake.requests.push({ connection, type, data });
      if (fake.mode === 'swallow') return;
      if (fake.mode === 'close') return socket.terminate();
      const [requestStatus, responseData] = answer(type, data);
      send(socket, 7, { requestType: type, requestId: d.requestId, requestStatus, ...(responseData ? { responseData } : {}) });
    });
  });
  return fake;
}
