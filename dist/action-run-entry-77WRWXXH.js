#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);
import {
  announcement
} from "./action-chunk-EFZDPZBW.js";
import {
  DEFAULT_CONFIG,
  annotationRange,
  applyEdits,
  collapseSameReason,
  describeError,
  diffLines,
  findConfigFile,
  github,
  groupMessage,
  groupTitle,
  httpStatus,
  isPermissionError,
  lint,
  loadConfig,
  paginate,
  parseShard,
  reportBlocks,
  sameReasonGroups,
  sarifChunks,
  unifiedDiff,
  workflowCommand
} from "./action-chunk-6Z45D5OD.js";
import {
  package_default
} from "./action-chunk-QE36UPMW.js";
import "./action-chunk-5B5APDF4.js";
import {
  require_tunnel,
  require_undici
} from "./action-chunk-LQKJHJIS.js";
import {
  __export,
  __toESM
} from "./action-chunk-KNQS4FUO.js";

// node_modules/@actions/core/lib/core.js
var core_exports = {};
__export(core_exports, {
  ExitCode: () => ExitCode,
  addPath: () => addPath,
  debug: () => debug,
  endGroup: () => endGroup,
  error: () => error,
  exportVariable: () => exportVariable,
  getBooleanInput: () => getBooleanInput,
  getIDToken: () => getIDToken,
  getInput: () => getInput,
  getMultilineInput: () => getMultilineInput,
  getState: () => getState,
  group: () => group,
  info: () => info,
  isDebug: () => isDebug,
  markdownSummary: () => markdownSummary,
  notice: () => notice,
  platform: () => platform_exports,
  saveState: () => saveState,
  setCommandEcho: () => setCommandEcho,
  setFailed: () => setFailed,
  setOutput: () => setOutput,
  setSecret: () => setSecret,
  startGroup: () => startGroup,
  summary: () => summary,
  toPlatformPath: () => toPlatformPath,
  toPosixPath: () => toPosixPath,
  toWin32Path: () => toWin32Path,
  warning: () => warning
});

// node_modules/@actions/core/lib/command.js
import * as os from "os";

// node_modules/@actions/core/lib/utils.js
function toCommandValue(input) {
  if (input === null || input === void 0) {
    return "";
  } else if (typeof input === "string" || input instanceof String) {
    return input;
  }
  return JSON.stringify(input);
}
function toCommandProperties(annotationProperties) {
  if (!Object.keys(annotationProperties).length) {
    return {};
  }
  return {
    title: annotationProperties.title,
    file: annotationProperties.file,
    line: annotationProperties.startLine,
    endLine: annotationProperties.endLine,
    col: annotationProperties.startColumn,
    endColumn: annotationProperties.endColumn
  };
}

// node_modules/@actions/core/lib/command.js
function issueCommand(command, properties, message) {
  const cmd = new Command(command, properties, message);
  process.stdout.write(cmd.toString() + os.EOL);
}
function issue(name, message = "") {
  issueCommand(name, {}, message);
}
var CMD_STRING = "::";
var Command = class {
  constructor(command, properties, message) {
    if (!command) {
      command = "missing.command";
    }
    this.command = command;
    this.properties = properties;
    this.message = message;
  }
  toString() {
    let cmdStr = CMD_STRING + this.command;
    if (this.properties && Object.keys(this.properties).length > 0) {
      cmdStr += " ";
      let first = true;
      for (const key in this.properties) {
        if (this.properties.hasOwnProperty(key)) {
          const val = this.properties[key];
          if (val) {
            if (first) {
              first = false;
            } else {
              cmdStr += ",";
            }
            cmdStr += `${key}=${escapeProperty(val)}`;
          }
        }
      }
    }
    cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
    return cmdStr;
  }
};
function escapeData(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C");
}

// node_modules/@actions/core/lib/file-command.js
import * as crypto from "crypto";
import * as fs from "fs";
import * as os2 from "os";
function issueFileCommand(command, message) {
  const filePath = process.env[`GITHUB_${command}`];
  if (!filePath) {
    throw new Error(`Unable to find environment variable for file command ${command}`);
  }
  if (!fs.existsSync(filePath)) {
    throw new Error(`Missing file at path: ${filePath}`);
  }
  fs.appendFileSync(filePath, `${toCommandValue(message)}${os2.EOL}`, {
    encoding: "utf8"
  });
}
function prepareKeyValueMessage(key, value) {
  const delimiter3 = `ghadelimiter_${crypto.randomUUID()}`;
  const convertedValue = toCommandValue(value);
  if (key.includes(delimiter3)) {
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter3}"`);
  }
  if (convertedValue.includes(delimiter3)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter3}"`);
  }
  return `${key}<<${delimiter3}${os2.EOL}${convertedValue}${os2.EOL}${delimiter3}`;
}

// node_modules/@actions/core/lib/core.js
import * as os5 from "os";
import * as path5 from "path";

// node_modules/@actions/http-client/lib/index.js
import * as http from "http";
import * as https from "https";

// node_modules/@actions/http-client/lib/proxy.js
function getProxyUrl(reqUrl) {
  const usingSsl = reqUrl.protocol === "https:";
  if (checkBypass(reqUrl)) {
    return void 0;
  }
  const proxyVar = (() => {
    if (usingSsl) {
      return process.env["https_proxy"] || process.env["HTTPS_PROXY"];
    } else {
      return process.env["http_proxy"] || process.env["HTTP_PROXY"];
    }
  })();
  if (proxyVar) {
    try {
      return new DecodedURL(proxyVar);
    } catch (_a) {
      if (!proxyVar.startsWith("http://") && !proxyVar.startsWith("https://"))
        return new DecodedURL(`http://${proxyVar}`);
    }
  } else {
    return void 0;
  }
}
function checkBypass(reqUrl) {
  if (!reqUrl.hostname) {
    return false;
  }
  const reqHost = reqUrl.hostname;
  if (isLoopbackAddress(reqHost)) {
    return true;
  }
  const noProxy = process.env["no_proxy"] || process.env["NO_PROXY"] || "";
  if (!noProxy) {
    return false;
  }
  let reqPort;
  if (reqUrl.port) {
    reqPort = Number(reqUrl.port);
  } else if (reqUrl.protocol === "http:") {
    reqPort = 80;
  } else if (reqUrl.protocol === "https:") {
    reqPort = 443;
  }
  const upperReqHosts = [reqUrl.hostname.toUpperCase()];
  if (typeof reqPort === "number") {
    upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
  }
  for (const upperNoProxyItem of noProxy.split(",").map((x) => x.trim().toUpperCase()).filter((x) => x)) {
    if (upperNoProxyItem === "*" || upperReqHosts.some((x) => x === upperNoProxyItem || x.endsWith(`.${upperNoProxyItem}`) || upperNoProxyItem.startsWith(".") && x.endsWith(`${upperNoProxyItem}`))) {
      return true;
    }
  }
  return false;
}
function isLoopbackAddress(host) {
  const hostLower = host.toLowerCase();
  return hostLower === "localhost" || hostLower.startsWith("127.") || hostLower.startsWith("[::1]") || hostLower.startsWith("[0:0:0:0:0:0:0:1]");
}
var DecodedURL = class extends URL {
  constructor(url, base) {
    super(url, base);
    this._decodedUsername = decodeURIComponent(super.username);
    this._decodedPassword = decodeURIComponent(super.password);
  }
  get username() {
    return this._decodedUsername;
  }
  get password() {
    return this._decodedPassword;
  }
};

// node_modules/@actions/http-client/lib/index.js
var tunnel = __toESM(require_tunnel(), 1);
var import_undici = __toESM(require_undici(), 1);
var __awaiter = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var HttpCodes;
(function(HttpCodes2) {
  HttpCodes2[HttpCodes2["OK"] = 200] = "OK";
  HttpCodes2[HttpCodes2["MultipleChoices"] = 300] = "MultipleChoices";
  HttpCodes2[HttpCodes2["MovedPermanently"] = 301] = "MovedPermanently";
  HttpCodes2[HttpCodes2["ResourceMoved"] = 302] = "ResourceMoved";
  HttpCodes2[HttpCodes2["SeeOther"] = 303] = "SeeOther";
  HttpCodes2[HttpCodes2["NotModified"] = 304] = "NotModified";
  HttpCodes2[HttpCodes2["UseProxy"] = 305] = "UseProxy";
  HttpCodes2[HttpCodes2["SwitchProxy"] = 306] = "SwitchProxy";
  HttpCodes2[HttpCodes2["TemporaryRedirect"] = 307] = "TemporaryRedirect";
  HttpCodes2[HttpCodes2["PermanentRedirect"] = 308] = "PermanentRedirect";
  HttpCodes2[HttpCodes2["BadRequest"] = 400] = "BadRequest";
  HttpCodes2[HttpCodes2["Unauthorized"] = 401] = "Unauthorized";
  HttpCodes2[HttpCodes2["PaymentRequired"] = 402] = "PaymentRequired";
  HttpCodes2[HttpCodes2["Forbidden"] = 403] = "Forbidden";
  HttpCodes2[HttpCodes2["NotFound"] = 404] = "NotFound";
  HttpCodes2[HttpCodes2["MethodNotAllowed"] = 405] = "MethodNotAllowed";
  HttpCodes2[HttpCodes2["NotAcceptable"] = 406] = "NotAcceptable";
  HttpCodes2[HttpCodes2["ProxyAuthenticationRequired"] = 407] = "ProxyAuthenticationRequired";
  HttpCodes2[HttpCodes2["RequestTimeout"] = 408] = "RequestTimeout";
  HttpCodes2[HttpCodes2["Conflict"] = 409] = "Conflict";
  HttpCodes2[HttpCodes2["Gone"] = 410] = "Gone";
  HttpCodes2[HttpCodes2["TooManyRequests"] = 429] = "TooManyRequests";
  HttpCodes2[HttpCodes2["InternalServerError"] = 500] = "InternalServerError";
  HttpCodes2[HttpCodes2["NotImplemented"] = 501] = "NotImplemented";
  HttpCodes2[HttpCodes2["BadGateway"] = 502] = "BadGateway";
  HttpCodes2[HttpCodes2["ServiceUnavailable"] = 503] = "ServiceUnavailable";
  HttpCodes2[HttpCodes2["GatewayTimeout"] = 504] = "GatewayTimeout";
})(HttpCodes || (HttpCodes = {}));
var Headers;
(function(Headers2) {
  Headers2["Accept"] = "accept";
  Headers2["ContentType"] = "content-type";
})(Headers || (Headers = {}));
var MediaTypes;
(function(MediaTypes2) {
  MediaTypes2["ApplicationJson"] = "application/json";
})(MediaTypes || (MediaTypes = {}));
var HttpRedirectCodes = [
  HttpCodes.MovedPermanently,
  HttpCodes.ResourceMoved,
  HttpCodes.SeeOther,
  HttpCodes.TemporaryRedirect,
  HttpCodes.PermanentRedirect
];
var HttpResponseRetryCodes = [
  HttpCodes.BadGateway,
  HttpCodes.ServiceUnavailable,
  HttpCodes.GatewayTimeout
];
var RetryableHttpVerbs = ["OPTIONS", "GET", "DELETE", "HEAD"];
var ExponentialBackoffCeiling = 10;
var ExponentialBackoffTimeSlice = 5;
var HttpClientError = class _HttpClientError extends Error {
  constructor(message, statusCode) {
    super(message);
    this.name = "HttpClientError";
    this.statusCode = statusCode;
    Object.setPrototypeOf(this, _HttpClientError.prototype);
  }
};
var HttpClientResponse = class {
  constructor(message) {
    this.message = message;
  }
  readBody() {
    return __awaiter(this, void 0, void 0, function* () {
      return new Promise((resolve2) => __awaiter(this, void 0, void 0, function* () {
        let output = Buffer.alloc(0);
        this.message.on("data", (chunk) => {
          output = Buffer.concat([output, chunk]);
        });
        this.message.on("end", () => {
          resolve2(output.toString());
        });
      }));
    });
  }
  readBodyBuffer() {
    return __awaiter(this, void 0, void 0, function* () {
      return new Promise((resolve2) => __awaiter(this, void 0, void 0, function* () {
        const chunks = [];
        this.message.on("data", (chunk) => {
          chunks.push(chunk);
        });
        this.message.on("end", () => {
          resolve2(Buffer.concat(chunks));
        });
      }));
    });
  }
};
var HttpClient = class {
  constructor(userAgent, handlers, requestOptions) {
    this._ignoreSslError = false;
    this._allowRedirects = true;
    this._allowRedirectDowngrade = false;
    this._maxRedirects = 50;
    this._allowRetries = false;
    this._maxRetries = 1;
    this._keepAlive = false;
    this._disposed = false;
    this.userAgent = this._getUserAgentWithOrchestrationId(userAgent);
    this.handlers = handlers || [];
    this.requestOptions = requestOptions;
    if (requestOptions) {
      if (requestOptions.ignoreSslError != null) {
        this._ignoreSslError = requestOptions.ignoreSslError;
      }
      this._socketTimeout = requestOptions.socketTimeout;
      if (requestOptions.allowRedirects != null) {
        this._allowRedirects = requestOptions.allowRedirects;
      }
      if (requestOptions.allowRedirectDowngrade != null) {
        this._allowRedirectDowngrade = requestOptions.allowRedirectDowngrade;
      }
      if (requestOptions.maxRedirects != null) {
        this._maxRedirects = Math.max(requestOptions.maxRedirects, 0);
      }
      if (requestOptions.keepAlive != null) {
        this._keepAlive = requestOptions.keepAlive;
      }
      if (requestOptions.allowRetries != null) {
        this._allowRetries = requestOptions.allowRetries;
      }
      if (requestOptions.maxRetries != null) {
        this._maxRetries = requestOptions.maxRetries;
      }
    }
  }
  options(requestUrl, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("OPTIONS", requestUrl, null, additionalHeaders || {});
    });
  }
  get(requestUrl, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("GET", requestUrl, null, additionalHeaders || {});
    });
  }
  del(requestUrl, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("DELETE", requestUrl, null, additionalHeaders || {});
    });
  }
  post(requestUrl, data, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("POST", requestUrl, data, additionalHeaders || {});
    });
  }
  patch(requestUrl, data, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("PATCH", requestUrl, data, additionalHeaders || {});
    });
  }
  put(requestUrl, data, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("PUT", requestUrl, data, additionalHeaders || {});
    });
  }
  head(requestUrl, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request("HEAD", requestUrl, null, additionalHeaders || {});
    });
  }
  sendStream(verb, requestUrl, stream, additionalHeaders) {
    return __awaiter(this, void 0, void 0, function* () {
      return this.request(verb, requestUrl, stream, additionalHeaders);
    });
  }
  /**
   * Gets a typed object from an endpoint
   * Be aware that not found returns a null.  Other errors (4xx, 5xx) reject the promise
   */
  getJson(requestUrl_1) {
    return __awaiter(this, arguments, void 0, function* (requestUrl, additionalHeaders = {}) {
      additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
      const res = yield this.get(requestUrl, additionalHeaders);
      return this._processResponse(res, this.requestOptions);
    });
  }
  postJson(requestUrl_1, obj_1) {
    return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
      const data = JSON.stringify(obj, null, 2);
      additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
      additionalHeaders[Headers.ContentType] = this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
      const res = yield this.post(requestUrl, data, additionalHeaders);
      return this._processResponse(res, this.requestOptions);
    });
  }
  putJson(requestUrl_1, obj_1) {
    return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
      const data = JSON.stringify(obj, null, 2);
      additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
      additionalHeaders[Headers.ContentType] = this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
      const res = yield this.put(requestUrl, data, additionalHeaders);
      return this._processResponse(res, this.requestOptions);
    });
  }
  patchJson(requestUrl_1, obj_1) {
    return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
      const data = JSON.stringify(obj, null, 2);
      additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
      additionalHeaders[Headers.ContentType] = this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
      const res = yield this.patch(requestUrl, data, additionalHeaders);
      return this._processResponse(res, this.requestOptions);
    });
  }
  /**
   * Makes a raw http request.
   * All other methods such as get, post, patch, and request ultimately call this.
   * Prefer get, del, post and patch
   */
  request(verb, requestUrl, data, headers) {
    return __awaiter(this, void 0, void 0, function* () {
      if (this._disposed) {
        throw new Error("Client has already been disposed.");
      }
      const parsedUrl = new URL(requestUrl);
      let info2 = this._prepareRequest(verb, parsedUrl, headers);
      const maxTries = this._allowRetries && RetryableHttpVerbs.includes(verb) ? this._maxRetries + 1 : 1;
      let numTries = 0;
      let response;
      do {
        response = yield this.requestRaw(info2, data);
        if (response && response.message && response.message.statusCode === HttpCodes.Unauthorized) {
          let authenticationHandler;
          for (const handler of this.handlers) {
            if (handler.canHandleAuthentication(response)) {
              authenticationHandler = handler;
              break;
            }
          }
          if (authenticationHandler) {
            return authenticationHandler.handleAuthentication(this, info2, data);
          } else {
            return response;
          }
        }
        let redirectsRemaining = this._maxRedirects;
        while (response.message.statusCode && HttpRedirectCodes.includes(response.message.statusCode) && this._allowRedirects && redirectsRemaining > 0) {
          const redirectUrl = response.message.headers["location"];
          if (!redirectUrl) {
            break;
          }
          const parsedRedirectUrl = new URL(redirectUrl);
          if (parsedUrl.protocol === "https:" && parsedUrl.protocol !== parsedRedirectUrl.protocol && !this._allowRedirectDowngrade) {
            throw new Error("Redirect from HTTPS to HTTP protocol. This downgrade is not allowed for security reasons. If you want to allow this behavior, set the allowRedirectDowngrade option to true.");
          }
          yield response.readBody();
          if (parsedRedirectUrl.hostname !== parsedUrl.hostname) {
            for (const header in headers) {
              if (header.toLowerCase() === "authorization") {
                delete headers[header];
              }
            }
          }
          info2 = this._prepareRequest(verb, parsedRedirectUrl, headers);
          response = yield this.requestRaw(info2, data);
          redirectsRemaining--;
        }
        if (!response.message.statusCode || !HttpResponseRetryCodes.includes(response.message.statusCode)) {
          return response;
        }
        numTries += 1;
        if (numTries < maxTries) {
          yield response.readBody();
          yield this._performExponentialBackoff(numTries);
        }
      } while (numTries < maxTries);
      return response;
    });
  }
  /**
   * Needs to be called if keepAlive is set to true in request options.
   */
  dispose() {
    if (this._agent) {
      this._agent.destroy();
    }
    this._disposed = true;
  }
  /**
   * Raw request.
   * @param info
   * @param data
   */
  requestRaw(info2, data) {
    return __awaiter(this, void 0, void 0, function* () {
      return new Promise((resolve2, reject) => {
        function callbackForResult(err, res) {
          if (err) {
            reject(err);
          } else if (!res) {
            reject(new Error("Unknown error"));
          } else {
            resolve2(res);
          }
        }
        this.requestRawWithCallback(info2, data, callbackForResult);
      });
    });
  }
  /**
   * Raw request with callback.
   * @param info
   * @param data
   * @param onResult
   */
  requestRawWithCallback(info2, data, onResult) {
    if (typeof data === "string") {
      if (!info2.options.headers) {
        info2.options.headers = {};
      }
      info2.options.headers["Content-Length"] = Buffer.byteLength(data, "utf8");
    }
    let callbackCalled = false;
    function handleResult(err, res) {
      if (!callbackCalled) {
        callbackCalled = true;
        onResult(err, res);
      }
    }
    const req = info2.httpModule.request(info2.options, (msg) => {
      const res = new HttpClientResponse(msg);
      handleResult(void 0, res);
    });
    let socket;
    req.on("socket", (sock) => {
      socket = sock;
    });
    req.setTimeout(this._socketTimeout || 3 * 6e4, () => {
      if (socket) {
        socket.end();
      }
      handleResult(new Error(`Request timeout: ${info2.options.path}`));
    });
    req.on("error", function(err) {
      handleResult(err);
    });
    if (data && typeof data === "string") {
      req.write(data, "utf8");
    }
    if (data && typeof data !== "string") {
      data.on("close", function() {
        req.end();
      });
      data.pipe(req);
    } else {
      req.end();
    }
  }
  /**
   * Gets an http agent. This function is useful when you need an http agent that handles
   * routing through a proxy server - depending upon the url and proxy environment variables.
   * @param serverUrl  The server URL where the request will be sent. For example, https://api.github.com
   */
  getAgent(serverUrl) {
    const parsedUrl = new URL(serverUrl);
    return this._getAgent(parsedUrl);
  }
  getAgentDispatcher(serverUrl) {
    const parsedUrl = new URL(serverUrl);
    const proxyUrl = getProxyUrl(parsedUrl);
    const useProxy = proxyUrl && proxyUrl.hostname;
    if (!useProxy) {
      return;
    }
    return this._getProxyAgentDispatcher(parsedUrl, proxyUrl);
  }
  _prepareRequest(method, requestUrl, headers) {
    const info2 = {};
    info2.parsedUrl = requestUrl;
    const usingSsl = info2.parsedUrl.protocol === "https:";
    info2.httpModule = usingSsl ? https : http;
    const defaultPort = usingSsl ? 443 : 80;
    info2.options = {};
    info2.options.host = info2.parsedUrl.hostname;
    info2.options.port = info2.parsedUrl.port ? parseInt(info2.parsedUrl.port) : defaultPort;
    info2.options.path = (info2.parsedUrl.pathname || "") + (info2.parsedUrl.search || "");
    info2.options.method = method;
    info2.options.headers = this._mergeHeaders(headers);
    if (this.userAgent != null) {
      info2.options.headers["user-agent"] = this.userAgent;
    }
    info2.options.agent = this._getAgent(info2.parsedUrl);
    if (this.handlers) {
      for (const handler of this.handlers) {
        handler.prepareRequest(info2.options);
      }
    }
    return info2;
  }
  _mergeHeaders(headers) {
    if (this.requestOptions && this.requestOptions.headers) {
      return Object.assign({}, lowercaseKeys(this.requestOptions.headers), lowercaseKeys(headers || {}));
    }
    return lowercaseKeys(headers || {});
  }
  /**
   * Gets an existing header value or returns a default.
   * Handles converting number header values to strings since HTTP headers must be strings.
   * Note: This returns string | string[] since some headers can have multiple values.
   * For headers that must always be a single string (like Content-Type), use the
   * specialized _getExistingOrDefaultContentTypeHeader method instead.
   */
  _getExistingOrDefaultHeader(additionalHeaders, header, _default) {
    let clientHeader;
    if (this.requestOptions && this.requestOptions.headers) {
      const headerValue = lowercaseKeys(this.requestOptions.headers)[header];
      if (headerValue) {
        clientHeader = typeof headerValue === "number" ? headerValue.toString() : headerValue;
      }
    }
    const additionalValue = additionalHeaders[header];
    if (additionalValue !== void 0) {
      return typeof additionalValue === "number" ? additionalValue.toString() : additionalValue;
    }
    if (clientHeader !== void 0) {
      return clientHeader;
    }
    return _default;
  }
  /**
   * Specialized version of _getExistingOrDefaultHeader for Content-Type header.
   * Always returns a single string (not an array) since Content-Type should be a single value.
   * Converts arrays to comma-separated strings and numbers to strings to ensure type safety.
   * This was split from _getExistingOrDefaultHeader to provide stricter typing for callers
   * that assign the result to places expecting a string (e.g., additionalHeaders[Headers.ContentType]).
   */
  _getExistingOrDefaultContentTypeHeader(additionalHeaders, _default) {
    let clientHeader;
    if (this.requestOptions && this.requestOptions.headers) {
      const headerValue = lowercaseKeys(this.requestOptions.headers)[Headers.ContentType];
      if (headerValue) {
        if (typeof headerValue === "number") {
          clientHeader = String(headerValue);
        } else if (Array.isArray(headerValue)) {
          clientHeader = headerValue.join(", ");
        } else {
          clientHeader = headerValue;
        }
      }
    }
    const additionalValue = additionalHeaders[Headers.ContentType];
    if (additionalValue !== void 0) {
      if (typeof additionalValue === "number") {
        return String(additionalValue);
      } else if (Array.isArray(additionalValue)) {
        return additionalValue.join(", ");
      } else {
        return additionalValue;
      }
    }
    if (clientHeader !== void 0) {
      return clientHeader;
    }
    return _default;
  }
  _getAgent(parsedUrl) {
    let agent;
    const proxyUrl = getProxyUrl(parsedUrl);
    const useProxy = proxyUrl && proxyUrl.hostname;
    if (this._keepAlive && useProxy) {
      agent = this._proxyAgent;
    }
    if (!useProxy) {
      agent = this._agent;
    }
    if (agent) {
      return agent;
    }
    const usingSsl = parsedUrl.protocol === "https:";
    let maxSockets = 100;
    if (this.requestOptions) {
      maxSockets = this.requestOptions.maxSockets || http.globalAgent.maxSockets;
    }
    if (proxyUrl && proxyUrl.hostname) {
      const agentOptions = {
        maxSockets,
        keepAlive: this._keepAlive,
        proxy: Object.assign(Object.assign({}, (proxyUrl.username || proxyUrl.password) && {
          proxyAuth: `${proxyUrl.username}:${proxyUrl.password}`
        }), { host: proxyUrl.hostname, port: proxyUrl.port })
      };
      let tunnelAgent;
      const overHttps = proxyUrl.protocol === "https:";
      if (usingSsl) {
        tunnelAgent = overHttps ? tunnel.httpsOverHttps : tunnel.httpsOverHttp;
      } else {
        tunnelAgent = overHttps ? tunnel.httpOverHttps : tunnel.httpOverHttp;
      }
      agent = tunnelAgent(agentOptions);
      this._proxyAgent = agent;
    }
    if (!agent) {
      const options = { keepAlive: this._keepAlive, maxSockets };
      agent = usingSsl ? new https.Agent(options) : new http.Agent(options);
      this._agent = agent;
    }
    if (usingSsl && this._ignoreSslError) {
      agent.options = Object.assign(agent.options || {}, {
        rejectUnauthorized: false
      });
    }
    return agent;
  }
  _getProxyAgentDispatcher(parsedUrl, proxyUrl) {
    let proxyAgent;
    if (this._keepAlive) {
      proxyAgent = this._proxyAgentDispatcher;
    }
    if (proxyAgent) {
      return proxyAgent;
    }
    const usingSsl = parsedUrl.protocol === "https:";
    proxyAgent = new import_undici.ProxyAgent(Object.assign({ uri: proxyUrl.href, pipelining: !this._keepAlive ? 0 : 1 }, (proxyUrl.username || proxyUrl.password) && {
      token: `Basic ${Buffer.from(`${proxyUrl.username}:${proxyUrl.password}`).toString("base64")}`
    }));
    this._proxyAgentDispatcher = proxyAgent;
    if (usingSsl && this._ignoreSslError) {
      proxyAgent.options = Object.assign(proxyAgent.options.requestTls || {}, {
        rejectUnauthorized: false
      });
    }
    return proxyAgent;
  }
  _getUserAgentWithOrchestrationId(userAgent) {
    const baseUserAgent = userAgent || "actions/http-client";
    const orchId = process.env["ACTIONS_ORCHESTRATION_ID"];
    if (orchId) {
      const sanitizedId = orchId.replace(/[^a-z0-9_.-]/gi, "_");
      return `${baseUserAgent} actions_orchestration_id/${sanitizedId}`;
    }
    return baseUserAgent;
  }
  _performExponentialBackoff(retryNumber) {
    return __awaiter(this, void 0, void 0, function* () {
      retryNumber = Math.min(ExponentialBackoffCeiling, retryNumber);
      const ms = ExponentialBackoffTimeSlice * Math.pow(2, retryNumber);
      return new Promise((resolve2) => setTimeout(() => resolve2(), ms));
    });
  }
  _processResponse(res, options) {
    return __awaiter(this, void 0, void 0, function* () {
      return new Promise((resolve2, reject) => __awaiter(this, void 0, void 0, function* () {
        const statusCode = res.message.statusCode || 0;
        const response = {
          statusCode,
          result: null,
          headers: {}
        };
        if (statusCode === HttpCodes.NotFound) {
          resolve2(response);
        }
        function dateTimeDeserializer(key, value) {
          if (typeof value === "string") {
            const a = new Date(value);
            if (!isNaN(a.valueOf())) {
              return a;
            }
          }
          return value;
        }
        let obj;
        let contents;
        try {
          contents = yield res.readBody();
          if (contents && contents.length > 0) {
            if (options && options.deserializeDates) {
              obj = JSON.parse(contents, dateTimeDeserializer);
            } else {
              obj = JSON.parse(contents);
            }
            response.result = obj;
          }
          response.headers = res.message.headers;
        } catch (err) {
        }
        if (statusCode > 299) {
          let msg;
          if (obj && obj.message) {
            msg = obj.message;
          } else if (contents && contents.length > 0) {
            msg = contents;
          } else {
            msg = `Failed request: (${statusCode})`;
          }
          const err = new HttpClientError(msg, statusCode);
          err.result = response.result;
          reject(err);
        } else {
          resolve2(response);
        }
      }));
    });
  }
};
var lowercaseKeys = (obj) => Object.keys(obj).reduce((c, k) => (c[k.toLowerCase()] = obj[k], c), {});

// node_modules/@actions/http-client/lib/auth.js
var __awaiter2 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var BearerCredentialHandler = class {
  constructor(token) {
    this.token = token;
  }
  // currently implements pre-authorization
  // TODO: support preAuth = false where it hooks on 401
  prepareRequest(options) {
    if (!options.headers) {
      throw Error("The request has no headers");
    }
    options.headers["Authorization"] = `Bearer ${this.token}`;
  }
  // This handler cannot handle 401
  canHandleAuthentication() {
    return false;
  }
  handleAuthentication() {
    return __awaiter2(this, void 0, void 0, function* () {
      throw new Error("not implemented");
    });
  }
};

// node_modules/@actions/core/lib/oidc-utils.js
var __awaiter3 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var OidcClient = class _OidcClient {
  static createHttpClient(allowRetry = true, maxRetry = 10) {
    const requestOptions = {
      allowRetries: allowRetry,
      maxRetries: maxRetry
    };
    return new HttpClient("actions/oidc-client", [new BearerCredentialHandler(_OidcClient.getRequestToken())], requestOptions);
  }
  static getRequestToken() {
    const token = process.env["ACTIONS_ID_TOKEN_REQUEST_TOKEN"];
    if (!token) {
      throw new Error("Unable to get ACTIONS_ID_TOKEN_REQUEST_TOKEN env variable");
    }
    return token;
  }
  static getIDTokenUrl() {
    const runtimeUrl = process.env["ACTIONS_ID_TOKEN_REQUEST_URL"];
    if (!runtimeUrl) {
      throw new Error("Unable to get ACTIONS_ID_TOKEN_REQUEST_URL env variable");
    }
    return runtimeUrl;
  }
  static getCall(id_token_url) {
    return __awaiter3(this, void 0, void 0, function* () {
      var _a;
      const httpclient = _OidcClient.createHttpClient();
      const res = yield httpclient.getJson(id_token_url).catch((error2) => {
        throw new Error(`Failed to get ID Token. 
 
        Error Code : ${error2.statusCode}
 
        Error Message: ${error2.message}`);
      });
      const id_token = (_a = res.result) === null || _a === void 0 ? void 0 : _a.value;
      if (!id_token) {
        throw new Error("Response json body do not have ID Token field");
      }
      return id_token;
    });
  }
  static getIDToken(audience) {
    return __awaiter3(this, void 0, void 0, function* () {
      try {
        let id_token_url = _OidcClient.getIDTokenUrl();
        if (audience) {
          const encodedAudience = encodeURIComponent(audience);
          id_token_url = `${id_token_url}&audience=${encodedAudience}`;
        }
        debug(`ID token url is ${id_token_url}`);
        const id_token = yield _OidcClient.getCall(id_token_url);
        setSecret(id_token);
        return id_token;
      } catch (error2) {
        throw new Error(`Error message: ${error2.message}`);
      }
    });
  }
};

// node_modules/@actions/core/lib/summary.js
import { EOL as EOL3 } from "os";
import { constants, promises } from "fs";
var __awaiter4 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var { access, appendFile, writeFile } = promises;
var SUMMARY_ENV_VAR = "GITHUB_STEP_SUMMARY";
var Summary = class {
  constructor() {
    this._buffer = "";
  }
  /**
   * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
   * Also checks r/w permissions.
   *
   * @returns step summary file path
   */
  filePath() {
    return __awaiter4(this, void 0, void 0, function* () {
      if (this._filePath) {
        return this._filePath;
      }
      const pathFromEnv = process.env[SUMMARY_ENV_VAR];
      if (!pathFromEnv) {
        throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
      }
      try {
        yield access(pathFromEnv, constants.R_OK | constants.W_OK);
      } catch (_a) {
        throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
      }
      this._filePath = pathFromEnv;
      return this._filePath;
    });
  }
  /**
   * Wraps content in an HTML tag, adding any HTML attributes
   *
   * @param {string} tag HTML tag to wrap
   * @param {string | null} content content within the tag
   * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
   *
   * @returns {string} content wrapped in HTML element
   */
  wrap(tag, content, attrs = {}) {
    const htmlAttrs = Object.entries(attrs).map(([key, value]) => ` ${key}="${value}"`).join("");
    if (!content) {
      return `<${tag}${htmlAttrs}>`;
    }
    return `<${tag}${htmlAttrs}>${content}</${tag}>`;
  }
  /**
   * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
   *
   * @param {SummaryWriteOptions} [options] (optional) options for write operation
   *
   * @returns {Promise<Summary>} summary instance
   */
  write(options) {
    return __awaiter4(this, void 0, void 0, function* () {
      const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
      const filePath = yield this.filePath();
      const writeFunc = overwrite ? writeFile : appendFile;
      yield writeFunc(filePath, this._buffer, { encoding: "utf8" });
      return this.emptyBuffer();
    });
  }
  /**
   * Clears the summary buffer and wipes the summary file
   *
   * @returns {Summary} summary instance
   */
  clear() {
    return __awaiter4(this, void 0, void 0, function* () {
      return this.emptyBuffer().write({ overwrite: true });
    });
  }
  /**
   * Returns the current summary buffer as a string
   *
   * @returns {string} string of summary buffer
   */
  stringify() {
    return this._buffer;
  }
  /**
   * If the summary buffer is empty
   *
   * @returns {boolen} true if the buffer is empty
   */
  isEmptyBuffer() {
    return this._buffer.length === 0;
  }
  /**
   * Resets the summary buffer without writing to summary file
   *
   * @returns {Summary} summary instance
   */
  emptyBuffer() {
    this._buffer = "";
    return this;
  }
  /**
   * Adds raw text to the summary buffer
   *
   * @param {string} text content to add
   * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
   *
   * @returns {Summary} summary instance
   */
  addRaw(text2, addEOL = false) {
    this._buffer += text2;
    return addEOL ? this.addEOL() : this;
  }
  /**
   * Adds the operating system-specific end-of-line marker to the buffer
   *
   * @returns {Summary} summary instance
   */
  addEOL() {
    return this.addRaw(EOL3);
  }
  /**
   * Adds an HTML codeblock to the summary buffer
   *
   * @param {string} code content to render within fenced code block
   * @param {string} lang (optional) language to syntax highlight code
   *
   * @returns {Summary} summary instance
   */
  addCodeBlock(code2, lang) {
    const attrs = Object.assign({}, lang && { lang });
    const element = this.wrap("pre", this.wrap("code", code2), attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML list to the summary buffer
   *
   * @param {string[]} items list of items to render
   * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
   *
   * @returns {Summary} summary instance
   */
  addList(items, ordered = false) {
    const tag = ordered ? "ol" : "ul";
    const listItems = items.map((item) => this.wrap("li", item)).join("");
    const element = this.wrap(tag, listItems);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML table to the summary buffer
   *
   * @param {SummaryTableCell[]} rows table rows
   *
   * @returns {Summary} summary instance
   */
  addTable(rows) {
    const tableBody = rows.map((row) => {
      const cells = row.map((cell2) => {
        if (typeof cell2 === "string") {
          return this.wrap("td", cell2);
        }
        const { header, data, colspan, rowspan } = cell2;
        const tag = header ? "th" : "td";
        const attrs = Object.assign(Object.assign({}, colspan && { colspan }), rowspan && { rowspan });
        return this.wrap(tag, data, attrs);
      }).join("");
      return this.wrap("tr", cells);
    }).join("");
    const element = this.wrap("table", tableBody);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds a collapsable HTML details element to the summary buffer
   *
   * @param {string} label text for the closed state
   * @param {string} content collapsable content
   *
   * @returns {Summary} summary instance
   */
  addDetails(label, content) {
    const element = this.wrap("details", this.wrap("summary", label) + content);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML image tag to the summary buffer
   *
   * @param {string} src path to the image you to embed
   * @param {string} alt text description of the image
   * @param {SummaryImageOptions} options (optional) addition image attributes
   *
   * @returns {Summary} summary instance
   */
  addImage(src, alt, options) {
    const { width, height } = options || {};
    const attrs = Object.assign(Object.assign({}, width && { width }), height && { height });
    const element = this.wrap("img", null, Object.assign({ src, alt }, attrs));
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML section heading element
   *
   * @param {string} text heading text
   * @param {number | string} [level=1] (optional) the heading level, default: 1
   *
   * @returns {Summary} summary instance
   */
  addHeading(text2, level) {
    const tag = `h${level}`;
    const allowedTag = ["h1", "h2", "h3", "h4", "h5", "h6"].includes(tag) ? tag : "h1";
    const element = this.wrap(allowedTag, text2);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML thematic break (<hr>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addSeparator() {
    const element = this.wrap("hr", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML line break (<br>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addBreak() {
    const element = this.wrap("br", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML blockquote to the summary buffer
   *
   * @param {string} text quote text
   * @param {string} cite (optional) citation url
   *
   * @returns {Summary} summary instance
   */
  addQuote(text2, cite) {
    const attrs = Object.assign({}, cite && { cite });
    const element = this.wrap("blockquote", text2, attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML anchor tag to the summary buffer
   *
   * @param {string} text link text/content
   * @param {string} href hyperlink
   *
   * @returns {Summary} summary instance
   */
  addLink(text2, href) {
    const element = this.wrap("a", text2, { href });
    return this.addRaw(element).addEOL();
  }
};
var _summary = new Summary();
var markdownSummary = _summary;
var summary = _summary;

// node_modules/@actions/core/lib/path-utils.js
import * as path from "path";
function toPosixPath(pth) {
  return pth.replace(/[\\]/g, "/");
}
function toWin32Path(pth) {
  return pth.replace(/[/]/g, "\\");
}
function toPlatformPath(pth) {
  return pth.replace(/[/\\]/g, path.sep);
}

// node_modules/@actions/core/lib/platform.js
var platform_exports = {};
__export(platform_exports, {
  arch: () => arch,
  getDetails: () => getDetails,
  isLinux: () => isLinux,
  isMacOS: () => isMacOS,
  isWindows: () => isWindows,
  platform: () => platform
});
import os4 from "os";

// node_modules/@actions/exec/lib/exec.js
import { StringDecoder } from "string_decoder";

// node_modules/@actions/exec/lib/toolrunner.js
import * as os3 from "os";
import * as events from "events";
import * as child from "child_process";
import * as path4 from "path";

// node_modules/@actions/io/lib/io.js
import * as path3 from "path";

// node_modules/@actions/io/lib/io-util.js
import * as fs2 from "fs";
import * as path2 from "path";
var __awaiter5 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var { chmod, copyFile, lstat, mkdir, open, readdir, rename, rm, rmdir, stat, symlink, unlink } = fs2.promises;
var IS_WINDOWS = process.platform === "win32";
var READONLY = fs2.constants.O_RDONLY;
function exists(fsPath) {
  return __awaiter5(this, void 0, void 0, function* () {
    try {
      yield stat(fsPath);
    } catch (err) {
      if (err.code === "ENOENT") {
        return false;
      }
      throw err;
    }
    return true;
  });
}
function isRooted(p) {
  p = normalizeSeparators(p);
  if (!p) {
    throw new Error('isRooted() parameter "p" cannot be empty');
  }
  if (IS_WINDOWS) {
    return p.startsWith("\\") || /^[A-Z]:/i.test(p);
  }
  return p.startsWith("/");
}
function tryGetExecutablePath(filePath, extensions) {
  return __awaiter5(this, void 0, void 0, function* () {
    let stats = void 0;
    try {
      stats = yield stat(filePath);
    } catch (err) {
      if (err.code !== "ENOENT") {
        console.log(`Unexpected error attempting to determine if executable file exists '${filePath}': ${err}`);
      }
    }
    if (stats && stats.isFile()) {
      if (IS_WINDOWS) {
        const upperExt = path2.extname(filePath).toUpperCase();
        if (extensions.some((validExt) => validExt.toUpperCase() === upperExt)) {
          return filePath;
        }
      } else {
        if (isUnixExecutable(stats)) {
          return filePath;
        }
      }
    }
    const originalFilePath = filePath;
    for (const extension of extensions) {
      filePath = originalFilePath + extension;
      stats = void 0;
      try {
        stats = yield stat(filePath);
      } catch (err) {
        if (err.code !== "ENOENT") {
          console.log(`Unexpected error attempting to determine if executable file exists '${filePath}': ${err}`);
        }
      }
      if (stats && stats.isFile()) {
        if (IS_WINDOWS) {
          try {
            const directory = path2.dirname(filePath);
            const upperName = path2.basename(filePath).toUpperCase();
            for (const actualName of yield readdir(directory)) {
              if (upperName === actualName.toUpperCase()) {
                filePath = path2.join(directory, actualName);
                break;
              }
            }
          } catch (err) {
            console.log(`Unexpected error attempting to determine the actual case of the file '${filePath}': ${err}`);
          }
          return filePath;
        } else {
          if (isUnixExecutable(stats)) {
            return filePath;
          }
        }
      }
    }
    return "";
  });
}
function normalizeSeparators(p) {
  p = p || "";
  if (IS_WINDOWS) {
    p = p.replace(/\//g, "\\");
    return p.replace(/\\\\+/g, "\\");
  }
  return p.replace(/\/\/+/g, "/");
}
function isUnixExecutable(stats) {
  return (stats.mode & 1) > 0 || (stats.mode & 8) > 0 && process.getgid !== void 0 && stats.gid === process.getgid() || (stats.mode & 64) > 0 && process.getuid !== void 0 && stats.uid === process.getuid();
}

// node_modules/@actions/io/lib/io.js
var __awaiter6 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
function which(tool, check) {
  return __awaiter6(this, void 0, void 0, function* () {
    if (!tool) {
      throw new Error("parameter 'tool' is required");
    }
    if (check) {
      const result = yield which(tool, false);
      if (!result) {
        if (IS_WINDOWS) {
          throw new Error(`Unable to locate executable file: ${tool}. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also verify the file has a valid extension for an executable file.`);
        } else {
          throw new Error(`Unable to locate executable file: ${tool}. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also check the file mode to verify the file is executable.`);
        }
      }
      return result;
    }
    const matches = yield findInPath(tool);
    if (matches && matches.length > 0) {
      return matches[0];
    }
    return "";
  });
}
function findInPath(tool) {
  return __awaiter6(this, void 0, void 0, function* () {
    if (!tool) {
      throw new Error("parameter 'tool' is required");
    }
    const extensions = [];
    if (IS_WINDOWS && process.env["PATHEXT"]) {
      for (const extension of process.env["PATHEXT"].split(path3.delimiter)) {
        if (extension) {
          extensions.push(extension);
        }
      }
    }
    if (isRooted(tool)) {
      const filePath = yield tryGetExecutablePath(tool, extensions);
      if (filePath) {
        return [filePath];
      }
      return [];
    }
    if (tool.includes(path3.sep)) {
      return [];
    }
    const directories = [];
    if (process.env.PATH) {
      for (const p of process.env.PATH.split(path3.delimiter)) {
        if (p) {
          directories.push(p);
        }
      }
    }
    const matches = [];
    for (const directory of directories) {
      const filePath = yield tryGetExecutablePath(path3.join(directory, tool), extensions);
      if (filePath) {
        matches.push(filePath);
      }
    }
    return matches;
  });
}

// node_modules/@actions/exec/lib/toolrunner.js
import { setTimeout as setTimeout2 } from "timers";
var __awaiter7 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var IS_WINDOWS2 = process.platform === "win32";
var ToolRunner = class extends events.EventEmitter {
  constructor(toolPath, args, options) {
    super();
    if (!toolPath) {
      throw new Error("Parameter 'toolPath' cannot be null or empty.");
    }
    this.toolPath = toolPath;
    this.args = args || [];
    this.options = options || {};
  }
  _debug(message) {
    if (this.options.listeners && this.options.listeners.debug) {
      this.options.listeners.debug(message);
    }
  }
  _getCommandString(options, noPrefix) {
    const toolPath = this._getSpawnFileName();
    const args = this._getSpawnArgs(options);
    let cmd = noPrefix ? "" : "[command]";
    if (IS_WINDOWS2) {
      if (this._isCmdFile()) {
        cmd += toolPath;
        for (const a of args) {
          cmd += ` ${a}`;
        }
      } else if (options.windowsVerbatimArguments) {
        cmd += `"${toolPath}"`;
        for (const a of args) {
          cmd += ` ${a}`;
        }
      } else {
        cmd += this._windowsQuoteCmdArg(toolPath);
        for (const a of args) {
          cmd += ` ${this._windowsQuoteCmdArg(a)}`;
        }
      }
    } else {
      cmd += toolPath;
      for (const a of args) {
        cmd += ` ${a}`;
      }
    }
    return cmd;
  }
  _processLineBuffer(data, strBuffer, onLine) {
    try {
      let s = strBuffer + data.toString();
      let n = s.indexOf(os3.EOL);
      while (n > -1) {
        const line = s.substring(0, n);
        onLine(line);
        s = s.substring(n + os3.EOL.length);
        n = s.indexOf(os3.EOL);
      }
      return s;
    } catch (err) {
      this._debug(`error processing line. Failed with error ${err}`);
      return "";
    }
  }
  _getSpawnFileName() {
    if (IS_WINDOWS2) {
      if (this._isCmdFile()) {
        return process.env["COMSPEC"] || "cmd.exe";
      }
    }
    return this.toolPath;
  }
  _getSpawnArgs(options) {
    if (IS_WINDOWS2) {
      if (this._isCmdFile()) {
        let argline = `/D /S /C "${this._windowsQuoteCmdArg(this.toolPath)}`;
        for (const a of this.args) {
          argline += " ";
          argline += options.windowsVerbatimArguments ? a : this._windowsQuoteCmdArg(a);
        }
        argline += '"';
        return [argline];
      }
    }
    return this.args;
  }
  _endsWith(str, end) {
    return str.endsWith(end);
  }
  _isCmdFile() {
    const upperToolPath = this.toolPath.toUpperCase();
    return this._endsWith(upperToolPath, ".CMD") || this._endsWith(upperToolPath, ".BAT");
  }
  _windowsQuoteCmdArg(arg) {
    if (!this._isCmdFile()) {
      return this._uvQuoteCmdArg(arg);
    }
    if (!arg) {
      return '""';
    }
    const cmdSpecialChars = [
      " ",
      "	",
      "&",
      "(",
      ")",
      "[",
      "]",
      "{",
      "}",
      "^",
      "=",
      ";",
      "!",
      "'",
      "+",
      ",",
      "`",
      "~",
      "|",
      "<",
      ">",
      '"'
    ];
    let needsQuotes = false;
    for (const char of arg) {
      if (cmdSpecialChars.some((x) => x === char)) {
        needsQuotes = true;
        break;
      }
    }
    if (!needsQuotes) {
      return arg;
    }
    let reverse = '"';
    let quoteHit = true;
    for (let i = arg.length; i > 0; i--) {
      reverse += arg[i - 1];
      if (quoteHit && arg[i - 1] === "\\") {
        reverse += "\\";
      } else if (arg[i - 1] === '"') {
        quoteHit = true;
        reverse += '"';
      } else {
        quoteHit = false;
      }
    }
    reverse += '"';
    return reverse.split("").reverse().join("");
  }
  _uvQuoteCmdArg(arg) {
    if (!arg) {
      return '""';
    }
    if (!arg.includes(" ") && !arg.includes("	") && !arg.includes('"')) {
      return arg;
    }
    if (!arg.includes('"') && !arg.includes("\\")) {
      return `"${arg}"`;
    }
    let reverse = '"';
    let quoteHit = true;
    for (let i = arg.length; i > 0; i--) {
      reverse += arg[i - 1];
      if (quoteHit && arg[i - 1] === "\\") {
        reverse += "\\";
      } else if (arg[i - 1] === '"') {
        quoteHit = true;
        reverse += "\\";
      } else {
        quoteHit = false;
      }
    }
    reverse += '"';
    return reverse.split("").reverse().join("");
  }
  _cloneExecOptions(options) {
    options = options || {};
    const result = {
      cwd: options.cwd || process.cwd(),
      env: options.env || process.env,
      silent: options.silent || false,
      windowsVerbatimArguments: options.windowsVerbatimArguments || false,
      failOnStdErr: options.failOnStdErr || false,
      ignoreReturnCode: options.ignoreReturnCode || false,
      delay: options.delay || 1e4
    };
    result.outStream = options.outStream || process.stdout;
    result.errStream = options.errStream || process.stderr;
    return result;
  }
  _getSpawnOptions(options, toolPath) {
    options = options || {};
    const result = {};
    result.cwd = options.cwd;
    result.env = options.env;
    result["windowsVerbatimArguments"] = options.windowsVerbatimArguments || this._isCmdFile();
    if (options.windowsVerbatimArguments) {
      result.argv0 = `"${toolPath}"`;
    }
    return result;
  }
  /**
   * Exec a tool.
   * Output will be streamed to the live console.
   * Returns promise with return code
   *
   * @param     tool     path to tool to exec
   * @param     options  optional exec options.  See ExecOptions
   * @returns   number
   */
  exec() {
    return __awaiter7(this, void 0, void 0, function* () {
      if (!isRooted(this.toolPath) && (this.toolPath.includes("/") || IS_WINDOWS2 && this.toolPath.includes("\\"))) {
        this.toolPath = path4.resolve(process.cwd(), this.options.cwd || process.cwd(), this.toolPath);
      }
      this.toolPath = yield which(this.toolPath, true);
      return new Promise((resolve2, reject) => __awaiter7(this, void 0, void 0, function* () {
        this._debug(`exec tool: ${this.toolPath}`);
        this._debug("arguments:");
        for (const arg of this.args) {
          this._debug(`   ${arg}`);
        }
        const optionsNonNull = this._cloneExecOptions(this.options);
        if (!optionsNonNull.silent && optionsNonNull.outStream) {
          optionsNonNull.outStream.write(this._getCommandString(optionsNonNull) + os3.EOL);
        }
        const state = new ExecState(optionsNonNull, this.toolPath);
        state.on("debug", (message) => {
          this._debug(message);
        });
        if (this.options.cwd && !(yield exists(this.options.cwd))) {
          return reject(new Error(`The cwd: ${this.options.cwd} does not exist!`));
        }
        const fileName = this._getSpawnFileName();
        const cp = child.spawn(fileName, this._getSpawnArgs(optionsNonNull), this._getSpawnOptions(this.options, fileName));
        let stdbuffer = "";
        if (cp.stdout) {
          cp.stdout.on("data", (data) => {
            if (this.options.listeners && this.options.listeners.stdout) {
              this.options.listeners.stdout(data);
            }
            if (!optionsNonNull.silent && optionsNonNull.outStream) {
              optionsNonNull.outStream.write(data);
            }
            stdbuffer = this._processLineBuffer(data, stdbuffer, (line) => {
              if (this.options.listeners && this.options.listeners.stdline) {
                this.options.listeners.stdline(line);
              }
            });
          });
        }
        let errbuffer = "";
        if (cp.stderr) {
          cp.stderr.on("data", (data) => {
            state.processStderr = true;
            if (this.options.listeners && this.options.listeners.stderr) {
              this.options.listeners.stderr(data);
            }
            if (!optionsNonNull.silent && optionsNonNull.errStream && optionsNonNull.outStream) {
              const s = optionsNonNull.failOnStdErr ? optionsNonNull.errStream : optionsNonNull.outStream;
              s.write(data);
            }
            errbuffer = this._processLineBuffer(data, errbuffer, (line) => {
              if (this.options.listeners && this.options.listeners.errline) {
                this.options.listeners.errline(line);
              }
            });
          });
        }
        cp.on("error", (err) => {
          state.processError = err.message;
          state.processExited = true;
          state.processClosed = true;
          state.CheckComplete();
        });
        cp.on("exit", (code2) => {
          state.processExitCode = code2;
          state.processExited = true;
          this._debug(`Exit code ${code2} received from tool '${this.toolPath}'`);
          state.CheckComplete();
        });
        cp.on("close", (code2) => {
          state.processExitCode = code2;
          state.processExited = true;
          state.processClosed = true;
          this._debug(`STDIO streams have closed for tool '${this.toolPath}'`);
          state.CheckComplete();
        });
        state.on("done", (error2, exitCode) => {
          if (stdbuffer.length > 0) {
            this.emit("stdline", stdbuffer);
          }
          if (errbuffer.length > 0) {
            this.emit("errline", errbuffer);
          }
          cp.removeAllListeners();
          if (error2) {
            reject(error2);
          } else {
            resolve2(exitCode);
          }
        });
        if (this.options.input) {
          if (!cp.stdin) {
            throw new Error("child process missing stdin");
          }
          cp.stdin.end(this.options.input);
        }
      }));
    });
  }
};
function argStringToArray(argString) {
  const args = [];
  let inQuotes = false;
  let escaped = false;
  let arg = "";
  function append(c) {
    if (escaped && c !== '"') {
      arg += "\\";
    }
    arg += c;
    escaped = false;
  }
  for (let i = 0; i < argString.length; i++) {
    const c = argString.charAt(i);
    if (c === '"') {
      if (!escaped) {
        inQuotes = !inQuotes;
      } else {
        append(c);
      }
      continue;
    }
    if (c === "\\" && escaped) {
      append(c);
      continue;
    }
    if (c === "\\" && inQuotes) {
      escaped = true;
      continue;
    }
    if (c === " " && !inQuotes) {
      if (arg.length > 0) {
        args.push(arg);
        arg = "";
      }
      continue;
    }
    append(c);
  }
  if (arg.length > 0) {
    args.push(arg.trim());
  }
  return args;
}
var ExecState = class _ExecState extends events.EventEmitter {
  constructor(options, toolPath) {
    super();
    this.processClosed = false;
    this.processError = "";
    this.processExitCode = 0;
    this.processExited = false;
    this.processStderr = false;
    this.delay = 1e4;
    this.done = false;
    this.timeout = null;
    if (!toolPath) {
      throw new Error("toolPath must not be empty");
    }
    this.options = options;
    this.toolPath = toolPath;
    if (options.delay) {
      this.delay = options.delay;
    }
  }
  CheckComplete() {
    if (this.done) {
      return;
    }
    if (this.processClosed) {
      this._setResult();
    } else if (this.processExited) {
      this.timeout = setTimeout2(_ExecState.HandleTimeout, this.delay, this);
    }
  }
  _debug(message) {
    this.emit("debug", message);
  }
  _setResult() {
    let error2;
    if (this.processExited) {
      if (this.processError) {
        error2 = new Error(`There was an error when attempting to execute the process '${this.toolPath}'. This may indicate the process failed to start. Error: ${this.processError}`);
      } else if (this.processExitCode !== 0 && !this.options.ignoreReturnCode) {
        error2 = new Error(`The process '${this.toolPath}' failed with exit code ${this.processExitCode}`);
      } else if (this.processStderr && this.options.failOnStdErr) {
        error2 = new Error(`The process '${this.toolPath}' failed because one or more lines were written to the STDERR stream`);
      }
    }
    if (this.timeout) {
      clearTimeout(this.timeout);
      this.timeout = null;
    }
    this.done = true;
    this.emit("done", error2, this.processExitCode);
  }
  static HandleTimeout(state) {
    if (state.done) {
      return;
    }
    if (!state.processClosed && state.processExited) {
      const message = `The STDIO streams did not close within ${state.delay / 1e3} seconds of the exit event from process '${state.toolPath}'. This may indicate a child process inherited the STDIO streams and has not yet exited.`;
      state._debug(message);
    }
    state._setResult();
  }
};

// node_modules/@actions/exec/lib/exec.js
var __awaiter8 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
function exec(commandLine, args, options) {
  return __awaiter8(this, void 0, void 0, function* () {
    const commandArgs = argStringToArray(commandLine);
    if (commandArgs.length === 0) {
      throw new Error(`Parameter 'commandLine' cannot be null or empty.`);
    }
    const toolPath = commandArgs[0];
    args = commandArgs.slice(1).concat(args || []);
    const runner = new ToolRunner(toolPath, args, options);
    return runner.exec();
  });
}
function getExecOutput(commandLine, args, options) {
  return __awaiter8(this, void 0, void 0, function* () {
    var _a, _b;
    let stdout = "";
    let stderr = "";
    const stdoutDecoder = new StringDecoder("utf8");
    const stderrDecoder = new StringDecoder("utf8");
    const originalStdoutListener = (_a = options === null || options === void 0 ? void 0 : options.listeners) === null || _a === void 0 ? void 0 : _a.stdout;
    const originalStdErrListener = (_b = options === null || options === void 0 ? void 0 : options.listeners) === null || _b === void 0 ? void 0 : _b.stderr;
    const stdErrListener = (data) => {
      stderr += stderrDecoder.write(data);
      if (originalStdErrListener) {
        originalStdErrListener(data);
      }
    };
    const stdOutListener = (data) => {
      stdout += stdoutDecoder.write(data);
      if (originalStdoutListener) {
        originalStdoutListener(data);
      }
    };
    const listeners = Object.assign(Object.assign({}, options === null || options === void 0 ? void 0 : options.listeners), { stdout: stdOutListener, stderr: stdErrListener });
    const exitCode = yield exec(commandLine, args, Object.assign(Object.assign({}, options), { listeners }));
    stdout += stdoutDecoder.end();
    stderr += stderrDecoder.end();
    return {
      exitCode,
      stdout,
      stderr
    };
  });
}

// node_modules/@actions/core/lib/platform.js
var __awaiter9 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var getWindowsInfo = () => __awaiter9(void 0, void 0, void 0, function* () {
  const { stdout: version } = yield getExecOutput('powershell -command "(Get-CimInstance -ClassName Win32_OperatingSystem).Version"', void 0, {
    silent: true
  });
  const { stdout: name } = yield getExecOutput('powershell -command "(Get-CimInstance -ClassName Win32_OperatingSystem).Caption"', void 0, {
    silent: true
  });
  return {
    name: name.trim(),
    version: version.trim()
  };
});
var getMacOsInfo = () => __awaiter9(void 0, void 0, void 0, function* () {
  var _a, _b, _c, _d;
  const { stdout } = yield getExecOutput("sw_vers", void 0, {
    silent: true
  });
  const version = (_b = (_a = stdout.match(/ProductVersion:\s*(.+)/)) === null || _a === void 0 ? void 0 : _a[1]) !== null && _b !== void 0 ? _b : "";
  const name = (_d = (_c = stdout.match(/ProductName:\s*(.+)/)) === null || _c === void 0 ? void 0 : _c[1]) !== null && _d !== void 0 ? _d : "";
  return {
    name,
    version
  };
});
var getLinuxInfo = () => __awaiter9(void 0, void 0, void 0, function* () {
  const { stdout } = yield getExecOutput("lsb_release", ["-i", "-r", "-s"], {
    silent: true
  });
  const [name, version] = stdout.trim().split("\n");
  return {
    name,
    version
  };
});
var platform = os4.platform();
var arch = os4.arch();
var isWindows = platform === "win32";
var isMacOS = platform === "darwin";
var isLinux = platform === "linux";
function getDetails() {
  return __awaiter9(this, void 0, void 0, function* () {
    return Object.assign(Object.assign({}, yield isWindows ? getWindowsInfo() : isMacOS ? getMacOsInfo() : getLinuxInfo()), {
      platform,
      arch,
      isWindows,
      isMacOS,
      isLinux
    });
  });
}

// node_modules/@actions/core/lib/core.js
var __awaiter10 = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var ExitCode;
(function(ExitCode2) {
  ExitCode2[ExitCode2["Success"] = 0] = "Success";
  ExitCode2[ExitCode2["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
function exportVariable(name, val) {
  const convertedVal = toCommandValue(val);
  process.env[name] = convertedVal;
  const filePath = process.env["GITHUB_ENV"] || "";
  if (filePath) {
    return issueFileCommand("ENV", prepareKeyValueMessage(name, val));
  }
  issueCommand("set-env", { name }, convertedVal);
}
function setSecret(secret) {
  issueCommand("add-mask", {}, secret);
}
function addPath(inputPath) {
  const filePath = process.env["GITHUB_PATH"] || "";
  if (filePath) {
    issueFileCommand("PATH", inputPath);
  } else {
    issueCommand("add-path", {}, inputPath);
  }
  process.env["PATH"] = `${inputPath}${path5.delimiter}${process.env["PATH"]}`;
}
function getInput(name, options) {
  const val = process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] || "";
  if (options && options.required && !val) {
    throw new Error(`Input required and not supplied: ${name}`);
  }
  if (options && options.trimWhitespace === false) {
    return val;
  }
  return val.trim();
}
function getMultilineInput(name, options) {
  const inputs = getInput(name, options).split("\n").filter((x) => x !== "");
  if (options && options.trimWhitespace === false) {
    return inputs;
  }
  return inputs.map((input) => input.trim());
}
function getBooleanInput(name, options) {
  const trueValue = ["true", "True", "TRUE"];
  const falseValue = ["false", "False", "FALSE"];
  const val = getInput(name, options);
  if (trueValue.includes(val))
    return true;
  if (falseValue.includes(val))
    return false;
  throw new TypeError(`Input does not meet YAML 1.2 "Core Schema" specification: ${name}
Support boolean input list: \`true | True | TRUE | false | False | FALSE\``);
}
function setOutput(name, value) {
  const filePath = process.env["GITHUB_OUTPUT"] || "";
  if (filePath) {
    return issueFileCommand("OUTPUT", prepareKeyValueMessage(name, value));
  }
  process.stdout.write(os5.EOL);
  issueCommand("set-output", { name }, toCommandValue(value));
}
function setCommandEcho(enabled) {
  issue("echo", enabled ? "on" : "off");
}
function setFailed(message) {
  process.exitCode = ExitCode.Failure;
  error(message);
}
function isDebug() {
  return process.env["RUNNER_DEBUG"] === "1";
}
function debug(message) {
  issueCommand("debug", {}, message);
}
function error(message, properties = {}) {
  issueCommand("error", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function warning(message, properties = {}) {
  issueCommand("warning", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function notice(message, properties = {}) {
  issueCommand("notice", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function info(message) {
  process.stdout.write(message + os5.EOL);
}
function startGroup(name) {
  issue("group", name);
}
function endGroup() {
  issue("endgroup");
}
function group(name, fn) {
  return __awaiter10(this, void 0, void 0, function* () {
    startGroup(name);
    let result;
    try {
      result = yield fn();
    } finally {
      endGroup();
    }
    return result;
  });
}
function saveState(name, value) {
  const filePath = process.env["GITHUB_STATE"] || "";
  if (filePath) {
    return issueFileCommand("STATE", prepareKeyValueMessage(name, value));
  }
  issueCommand("save-state", { name }, toCommandValue(value));
}
function getState(name) {
  return process.env[`STATE_${name}`] || "";
}
function getIDToken(aud) {
  return __awaiter10(this, void 0, void 0, function* () {
    return yield OidcClient.getIDToken(aud);
  });
}

// src/action/main.ts
import * as nodeFs from "node:fs";
import path7 from "node:path";

// src/action/annotations.ts
var ANNOTATIONS_PER_SEVERITY = 10;
var CHECK_RUN_BATCH = 50;
var CHECK_RUN_NAME = "kyverno-lint";
function runName(shard) {
  return shard === void 0 ? CHECK_RUN_NAME : `${CHECK_RUN_NAME} (shard ${shard.index}/${shard.count})`;
}
function sarifAutomationId(shard) {
  return shard === void 0 ? void 0 : `${CHECK_RUN_NAME}/shard-${shard.index}-of-${shard.count}/`;
}
var SEVERITY_RANK = { error: 0, warning: 1, info: 2 };
var LEGACY_POLICY = "kyverno-lint/legacy-policy";
function annotatedFindings(findings, diff) {
  return findings.filter((finding) => finding.ruleId !== LEGACY_POLICY || diff !== void 0 && diff.isChanged(finding.location.file));
}
function changeRank(finding, diff) {
  if (diff === void 0) return 2;
  const { file, line, endLine } = finding.location;
  if (!diff.isChanged(file)) return 2;
  for (let at = line; at <= Math.max(line, endLine); at++) if (diff.isAddedLine(file, at)) return 0;
  return 1;
}
function rankFindings(findings, diff) {
  return findings.map((finding, index) => ({ finding, index, change: changeRank(finding, diff), severity: SEVERITY_RANK[finding.severity] })).sort((a, b) => a.change - b.change || a.severity - b.severity || a.index - b.index).map(({ finding }) => finding);
}
function capAnnotations(ranked, perSeverity = ANNOTATIONS_PER_SEVERITY) {
  const used = { error: 0, warning: 0, info: 0 };
  const out = { shown: [], hidden: [] };
  const groups = sameReasonGroups(ranked);
  const shownGroups = /* @__PURE__ */ new Set();
  for (const finding of ranked) {
    const group2 = groups.get(finding);
    if (group2 !== void 0 && shownGroups.has(group2)) {
      out.shown.push(finding);
    } else if (used[finding.severity] < perSeverity) {
      used[finding.severity]++;
      out.shown.push(finding);
      if (group2 !== void 0) shownGroups.add(group2);
    } else {
      out.hidden.push(finding);
    }
  }
  return out;
}
function workflowCommands(report, findings) {
  return github({ ...report, findings: [...findings] });
}
var LEVELS = { error: "failure", warning: "warning", info: "notice" };
function checkRunAnnotation(finding) {
  const { file } = finding.location;
  const range = annotationRange(finding.location);
  if (file === "" || range === void 0) return void 0;
  return {
    path: file,
    start_line: range.line,
    end_line: range.endLine,
    ...range.column !== void 0 ? { start_column: range.column, end_column: range.endColumn } : {},
    annotation_level: LEVELS[finding.severity],
    message: finding.message.slice(0, 65e3) || finding.ruleId,
    title: finding.ruleId.slice(0, 255)
  };
}
async function publishCheckRun(api, request) {
  const annotations2 = [];
  const unplaced = [];
  for (const { finding, group: group2 } of collapseSameReason(request.findings)) {
    const annotation = checkRunAnnotation(finding);
    if (annotation === void 0) unplaced.push(...group2?.findings ?? [finding]);
    else if (group2 === void 0) annotations2.push(annotation);
    else annotations2.push({ ...annotation, message: groupMessage(group2).slice(0, 65e3), title: groupTitle(group2).slice(0, 255) });
  }
  const batches = [];
  for (let at = 0; at < annotations2.length; at += CHECK_RUN_BATCH) batches.push(annotations2.slice(at, at + CHECK_RUN_BATCH));
  if (batches.length === 0) batches.push([]);
  const output = (batch) => ({ title: request.title, summary: request.summary, annotations: batch });
  const finish = (last) => last ? { status: "completed", conclusion: request.conclusion, completed_at: (/* @__PURE__ */ new Date()).toISOString() } : { status: "in_progress" };
  const { owner, repo } = request.repository;
  const created = await api.request("POST /repos/{owner}/{repo}/check-runs", {
    owner,
    repo,
    name: request.name ?? CHECK_RUN_NAME,
    head_sha: request.headSha,
    ...request.detailsUrl ? { details_url: request.detailsUrl } : {},
    ...finish(batches.length === 1),
    output: output(batches[0])
  });
  const id = created.data.id;
  if (typeof id !== "number") throw new Error("the check run was created without an id");
  let sent = batches[0].length;
  for (let index = 1; index < batches.length; index++) {
    try {
      await api.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
        owner,
        repo,
        check_run_id: id,
        ...finish(index === batches.length - 1),
        output: output(batches[index])
      });
    } catch (error2) {
      Object.assign(error2, { partial: { id, sent } });
      throw error2;
    }
    sent += batches[index].length;
  }
  return { id, annotations: sent, requests: batches.length, unplaced };
}

// src/action/checkout.ts
import path6 from "node:path";
var SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
function tryRead(read, file) {
  try {
    return read(file);
  } catch {
    return void 0;
  }
}
function gitDir(read, workspace) {
  const dotGit = path6.join(workspace, ".git");
  const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(tryRead(read, dotGit) ?? "");
  return pointer ? path6.resolve(workspace, pointer[1]) : dotGit;
}
function checkedOutCommit(read, workspace) {
  const dir = gitDir(read, workspace);
  const head = tryRead(read, path6.join(dir, "HEAD"))?.trim();
  if (head === void 0) return void 0;
  if (SHA.test(head)) return head.toLowerCase();
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (ref === void 0 || ref.split("/").includes("..")) return void 0;
  const common = tryRead(read, path6.join(dir, "commondir"))?.trim();
  for (const folder of common ? [dir, path6.resolve(dir, common)] : [dir]) {
    const loose = tryRead(read, path6.join(folder, ref))?.trim();
    if (loose !== void 0 && SHA.test(loose)) return loose.toLowerCase();
    for (const line of (tryRead(read, path6.join(folder, "packed-refs")) ?? "").split("\n")) {
      const [sha, name] = line.trim().split(/\s+/);
      if (name === ref && sha !== void 0 && SHA.test(sha)) return sha.toLowerCase();
    }
  }
  return void 0;
}

// src/action/head-files.ts
import { execFileSync } from "node:child_process";
var MAX_GIT_OUTPUT = 64 * 1024 * 1024;
var GIT_OPTIONS = { timeout: 3e4, env: { ...process.env, GIT_NO_LAZY_FETCH: "1", GIT_TERMINAL_PROMPT: "0" } };
function localCommitReader(workspace, sha, fallback) {
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i.test(sha)) return void 0;
  try {
    execFileSync("git", ["cat-file", "-e", `${sha}^{commit}`], { cwd: workspace, stdio: "ignore", ...GIT_OPTIONS });
  } catch {
    return void 0;
  }
  return async (file) => {
    try {
      return execFileSync("git", ["show", `${sha}:./${file}`], { cwd: workspace, encoding: "utf8", maxBuffer: MAX_GIT_OUTPUT, stdio: ["ignore", "pipe", "ignore"], ...GIT_OPTIONS });
    } catch {
      return fallback(file);
    }
  };
}
function decodeBase64(content) {
  return typeof content === "string" ? Buffer.from(content, "base64").toString("utf8") : void 0;
}
function apiCommitReader(api, pull) {
  return async (file) => {
    const encoded = file.split("/").map(encodeURIComponent).join("/");
    let data;
    try {
      const response = await api.request(`GET /repos/{owner}/{repo}/contents/${encoded}`, { owner: pull.owner, repo: pull.repo, ref: pull.headSha });
      data = response.data;
    } catch (error2) {
      if (httpStatus(error2) === 404) return null;
      throw error2;
    }
    if (Array.isArray(data) || data.type !== "file") return null;
    if (data.encoding === "base64" && typeof data.content === "string" && (data.content !== "" || data.size === 0)) return decodeBase64(data.content) ?? null;
    const blob = await api.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", { owner: pull.owner, repo: pull.repo, file_sha: String(data.sha) });
    return decodeBase64(blob.data.content) ?? null;
  };
}
function unchangedLines(before, after) {
  const map = [0];
  let next = 1;
  for (const change of diffLines(before, after)) {
    const count = change.count ?? 0;
    if (change.added) {
      next += count;
      continue;
    }
    for (let index = 0; index < count; index++) {
      map.push(change.removed ? 0 : next);
      if (!change.removed) next++;
    }
  }
  return map;
}
function mapRange(map, start, end) {
  const first = map[start] ?? 0;
  if (first === 0) return void 0;
  for (let line = start; line <= end; line++) if (map[line] !== first + (line - start)) return void 0;
  return { startLine: first, endLine: first + (end - start) };
}
async function placeOnHead(files, workspaceText, read, headSha) {
  const maps = /* @__PURE__ */ new Map();
  const mapped = [];
  const short = headSha.slice(0, 7);
  for (const file of files) {
    const text2 = workspaceText(file);
    if (text2 === void 0) {
      maps.set(file, "the workspace file cannot be read");
      continue;
    }
    let head;
    try {
      head = await read(file);
    } catch (error2) {
      maps.set(file, `the file at the head commit ${short} cannot be read (${describeError(error2)})`);
      continue;
    }
    if (head === null) {
      maps.set(file, `the head commit ${short} has no such file`);
      continue;
    }
    head = head.replace(/^\uFEFF/, "");
    if (head === text2) continue;
    mapped.push(file);
    maps.set(file, unchangedLines(text2, head));
  }
  const place2 = (file, startLine, endLine) => {
    const map = maps.get(file);
    if (map === void 0) return { startLine, endLine };
    if (typeof map === "string") return { reason: `no suggestion: ${map}` };
    return mapRange(map, startLine, endLine) ?? {
      reason: `no suggestion: the base branch changed these lines under the pull request (the checkout is the merge commit; the head commit ${short} has other lines here)`
    };
  };
  return { place: place2, mapped };
}

// src/action/inputs.ts
var InputError = class extends Error {
  name = "InputError";
};
function list(value) {
  return value.split(/[\n,]/).map((item) => item.trim()).filter((item) => item !== "");
}
function boolean(getInput2, name, fallback) {
  const value = getInput2(name).trim();
  if (value === "") return fallback;
  const lower = value.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  throw new InputError(`input ${name}: "${value}" is not a boolean (true or false)`);
}
function optionalBoolean(getInput2, name) {
  return getInput2(name).trim() === "" ? void 0 : boolean(getInput2, name, false);
}
function oneOf(getInput2, name, values, fallback) {
  const value = getInput2(name).trim();
  if (value === "") return fallback;
  const found = values.find((candidate) => candidate === value.toLowerCase());
  if (found === void 0) throw new InputError(`input ${name}: "${value}" is not one of ${values.join(", ")}`);
  return found;
}
function optional(getInput2, name) {
  const value = getInput2(name).trim();
  return value === "" ? void 0 : value;
}
function shardInput(getInput2) {
  const value = getInput2("shard").trim();
  if (value === "") return void 0;
  const parsed = parseShard(value);
  if (typeof parsed === "string") throw new InputError(`input shard: ${parsed}`);
  return parsed;
}
function baseInput(getInput2) {
  const value = getInput2("base").trim();
  if (value === "" || value.toLowerCase() === "false") return { mode: "off" };
  if (value.toLowerCase() === "auto" || value.toLowerCase() === "true") return { mode: "auto" };
  if (value.startsWith("-") || /\s/.test(value)) throw new InputError(`input base: "${value}" is not auto, false or a branch, tag or commit sha`);
  return { mode: "ref", ref: value };
}
function readInputs(getInput2) {
  const paths = list(getInput2("paths"));
  return {
    paths: paths.length > 0 ? paths : ["."],
    policies: list(getInput2("policies")),
    config: optional(getInput2, "config"),
    valuesFile: optional(getInput2, "values-file"),
    failOn: oneOf(getInput2, "fail-on", ["error", "warning", "never"], "error"),
    annotations: boolean(getInput2, "annotations", true),
    review: oneOf(getInput2, "review", ["off", "suggestions", "comments"], "suggestions"),
    summary: boolean(getInput2, "summary", true),
    sarifFile: optional(getInput2, "sarif-file"),
    token: getInput2("token").trim(),
    onlyChanged: boolean(getInput2, "only-changed", false),
    allowEmpty: optionalBoolean(getInput2, "allow-empty"),
    base: baseInput(getInput2),
    shard: shardInput(getInput2)
  };
}
function failsOn(failOn, counts) {
  if (failOn === "never") return false;
  if (failOn === "warning") return counts.error + counts.warning > 0;
  return counts.error > 0;
}

// src/action/pr-context.ts
function object(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : void 0;
}
function text(value) {
  return typeof value === "string" && value !== "" ? value : void 0;
}
var SHA2 = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;
function baseOf(pull) {
  const base = object(pull?.base);
  const sha = text(base?.sha);
  if (sha === void 0 || !SHA2.test(sha)) return void 0;
  return { sha, label: text(base?.ref) ?? sha.slice(0, 7) };
}
function parseRepository(fullName) {
  const match = /^([^/]+)\/([^/]+)$/.exec(fullName ?? "");
  return match ? { owner: match[1], repo: match[2] } : void 0;
}
function eventContext(env, payload) {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const repository = parseRepository(env.GITHUB_REPOSITORY);
  const event = object(payload) ?? {};
  const context = { eventName, repository, sha: env.GITHUB_SHA ?? "", pullRequest: void 0, readOnlyReason: void 0, workflowRun: void 0, pushBase: void 0 };
  if ((eventName === "pull_request" || eventName === "pull_request_target") && repository) {
    const pull = object(event.pull_request);
    const number = typeof pull?.number === "number" ? pull.number : typeof event.number === "number" ? event.number : void 0;
    const head = object(pull?.head);
    const headSha = text(head?.sha) ?? context.sha;
    if (number !== void 0) {
      const base = baseOf(pull);
      context.pullRequest = { ...repository, number, headSha, ...base !== void 0 ? { base } : {} };
      context.sha = headSha;
    }
    if (eventName === "pull_request") {
      const headRepo = text(object(head?.repo)?.full_name);
      const baseRepo = text(object(object(pull?.base)?.repo)?.full_name) ?? env.GITHUB_REPOSITORY;
      if (headRepo === void 0 || headRepo !== baseRepo) {
        context.readOnlyReason = `the pull request comes from a fork (${headRepo ?? "a deleted repository"}), so the token of a pull_request event is read-only; use the workflow_run pattern (README) for reviews and check runs`;
      } else if (env.GITHUB_ACTOR === "dependabot[bot]") {
        context.readOnlyReason = "the pull request is from Dependabot, whose pull_request events get a read-only token";
      }
    }
  } else if (eventName === "workflow_run" && repository) {
    const run2 = object(event.workflow_run);
    const headSha = text(run2?.head_sha);
    if (headSha !== void 0) {
      context.sha = headSha;
      const pulls = Array.isArray(run2?.pull_requests) ? run2.pull_requests.map(object) : [];
      const pull = pulls.find((candidate) => typeof candidate?.number === "number");
      if (pull !== void 0) {
        const base = baseOf(pull);
        context.pullRequest = { ...repository, number: pull.number, headSha, ...base !== void 0 ? { base } : {} };
      } else {
        const headOwner = text(object(object(run2?.head_repository)?.owner)?.login);
        const headBranch = text(run2?.head_branch);
        if (headOwner !== void 0 && headBranch !== void 0) context.workflowRun = { headSha, headOwner, headBranch };
      }
    }
  } else if (eventName === "push") {
    const before = text(event.before);
    if (before !== void 0 && SHA2.test(before) && !/^0+$/.test(before)) context.pushBase = { sha: before, label: before.slice(0, 7) };
  }
  return context;
}
async function findWorkflowRunPullRequest(api, context) {
  const { repository, workflowRun } = context;
  if (!repository || !workflowRun) return void 0;
  const pulls = await paginate(api, "GET /repos/{owner}/{repo}/pulls", {
    ...repository,
    state: "open",
    head: `${workflowRun.headOwner}:${workflowRun.headBranch}`
  }, 3);
  const pull = pulls.find((candidate) => object(candidate.head)?.sha === workflowRun.headSha);
  if (!pull || typeof pull.number !== "number") return void 0;
  const base = baseOf(pull);
  return { ...repository, number: pull.number, headSha: workflowRun.headSha, ...base !== void 0 ? { base } : {} };
}
function parsePatch(patch) {
  const hunks = [];
  let current;
  let line = 0;
  for (const row of patch.split("\n")) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(row);
    if (header) {
      const start = Number(header[1]);
      const count = header[2] === void 0 ? 1 : Number(header[2]);
      current = { start, end: start + count - 1, added: /* @__PURE__ */ new Set() };
      if (count > 0) hunks.push(current);
      line = start;
      continue;
    }
    if (current === void 0) continue;
    if (row.startsWith("+")) {
      current.added.add(line);
      line++;
    } else if (row.startsWith(" ")) {
      line++;
    }
  }
  return hunks;
}
var PullRequestDiff = class {
  files;
  constructor(files) {
    this.files = new Map(files.map((file) => [file.filename, file]));
  }
  /** The files that exist in the head commit (not removed). */
  presentFiles() {
    return [...this.files.values()].filter((file) => file.status !== "removed").map((file) => file.filename);
  }
  isChanged(file) {
    const found = this.files.get(file);
    return found !== void 0 && found.status !== "removed";
  }
  /** Whether `line` of `file` was added or modified by the pull request. */
  isAddedLine(file, line) {
    return this.files.get(file)?.hunks.some((hunk) => hunk.added.has(line)) ?? false;
  }
  /** The hunk holding every line of `start`..`end` of `file` (where a review comment on them can be placed). */
  hunkFor(file, start, end) {
    return this.files.get(file)?.hunks.find((hunk) => hunk.start <= start && end <= hunk.end);
  }
};
async function fetchPullRequestDiff(api, pull) {
  const files = await paginate(api, "GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
    owner: pull.owner,
    repo: pull.repo,
    pull_number: pull.number
  });
  return new PullRequestDiff(
    files.filter((file) => typeof file.filename === "string").map((file) => ({
      filename: file.filename,
      status: typeof file.status === "string" ? file.status : "modified",
      hunks: typeof file.patch === "string" ? parsePatch(file.patch) : []
    }))
  );
}

// src/action/review.ts
var MARKER_PREFIX = "<!-- kyverno-lint:";
var MAX_COMMENT_WRITES = 50;
function suggestionFor(edit, lines) {
  const replacement = edit.replacement === "" || edit.replacement.endsWith("\n") ? edit.replacement : `${edit.replacement}
`;
  if (edit.endLine >= edit.startLine) return { startLine: edit.startLine, endLine: edit.endLine, text: replacement };
  const before = edit.startLine - 1;
  if (before >= 1 && before <= lines.length) return { startLine: before, endLine: before, text: `${lines[before - 1]}
${replacement}` };
  if (edit.startLine === 1 && lines.length >= 1) return { startLine: 1, endLine: 1, text: `${replacement}${lines[0]}
` };
  return void 0;
}
function fence(text2) {
  const longest = Math.max(0, ...[...text2.matchAll(/`+/g)].map((match) => match[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}
function marker(key) {
  return `${MARKER_PREFIX}${key} -->`;
}
function cleanMessage(finding) {
  return finding.message.replace(/ \(fixable with --fix\)$/, "");
}
function suggestionBody(key, finding, suggestion) {
  const delimiter3 = fence(suggestion.text);
  return `${marker(key)}
**kyverno-lint** \`${finding.ruleId}\`: ${cleanMessage(finding)}

${delimiter3}suggestion
${suggestion.text}${delimiter3}
`;
}
function resolvedBody(key, ruleId, sha) {
  return `${marker(key)}
**kyverno-lint**: resolved \u2014 \`${ruleId}\` is no longer reported in this file at ${sha.slice(0, 7)}.
`;
}
function violationBody(key, finding) {
  return `${marker(key)}
**kyverno-lint ${finding.severity}** \`${finding.ruleId}\`: ${finding.message}
`;
}
function planReview(findings, diff, mode, fileLines, place2 = (_file, startLine, endLine) => ({ startLine, endLine })) {
  const plan = { comments: [], unposted: [] };
  const keys = /* @__PURE__ */ new Map();
  const uniqueKey = (base) => {
    const seen = (keys.get(base) ?? 0) + 1;
    keys.set(base, seen);
    return seen === 1 ? base : `${base}#${seen}`;
  };
  for (const finding of findings) {
    for (const edit of finding.fix ?? []) {
      const lines = fileLines(edit.file);
      const suggestion = lines === void 0 ? void 0 : suggestionFor(edit, lines);
      if (suggestion === void 0) {
        plan.unposted.push({ finding, edit, reason: "the edit has no line to anchor a suggestion on" });
        continue;
      }
      if (!diff.isChanged(edit.file)) {
        plan.unposted.push({ finding, edit, reason: "the file is not changed by the pull request" });
        continue;
      }
      const placed = place2(edit.file, suggestion.startLine, suggestion.endLine);
      if ("reason" in placed) {
        plan.unposted.push({ finding, edit, reason: placed.reason });
        continue;
      }
      if (diff.hunkFor(edit.file, placed.startLine, placed.endLine) === void 0) {
        plan.unposted.push({ finding, edit, reason: "the lines are outside the pull request diff" });
        continue;
      }
      const key = uniqueKey(`${finding.ruleId}:${edit.file}:${placed.startLine}`);
      plan.comments.push({ key, kind: "suggestion", path: edit.file, startLine: placed.startLine, line: placed.endLine, body: suggestionBody(key, finding, suggestion), finding, edit });
    }
  }
  if (mode === "comments") {
    for (const finding of findings) {
      if (finding.severity === "info" || finding.fix) continue;
      const { file } = finding.location;
      if (file === "" || finding.location.line < 1 || !diff.isChanged(file)) continue;
      const whole = place2(file, finding.location.line, Math.max(finding.location.line, finding.location.endLine));
      const placed = "reason" in whole ? place2(file, finding.location.line, finding.location.line) : whole;
      if ("reason" in placed || !diff.isAddedLine(file, placed.startLine)) continue;
      const line = placed.startLine;
      const last = placed.endLine > line && diff.hunkFor(file, line, placed.endLine) ? placed.endLine : line;
      const key = uniqueKey(`${finding.ruleId}:${file}:${line}`);
      plan.comments.push({ key, kind: "violation", path: file, startLine: line, line: last, body: violationBody(key, finding), finding });
    }
  }
  plan.comments.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.startLine - b.startLine);
  return plan;
}
async function existingComments(api, pull) {
  const comments = await paginate(api, "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments", {
    owner: pull.owner,
    repo: pull.repo,
    pull_number: pull.number
  });
  const found = /* @__PURE__ */ new Map();
  for (const comment of comments) {
    const body = typeof comment.body === "string" ? comment.body : "";
    const match = /<!-- kyverno-lint:(.*?) -->/.exec(body);
    if (!match || typeof comment.id !== "number") continue;
    const existing = {
      id: comment.id,
      path: String(comment.path ?? ""),
      line: typeof comment.line === "number" ? comment.line : null,
      startLine: typeof comment.start_line === "number" ? comment.start_line : null,
      body
    };
    const list2 = found.get(match[1]);
    if (list2) list2.push(existing);
    else found.set(match[1], [existing]);
  }
  return found;
}
function matchExisting(comment, previous) {
  const startLine = comment.startLine < comment.line ? comment.startLine : null;
  const same = previous.find((candidate) => candidate.path === comment.path && candidate.line === comment.line && candidate.startLine === startLine);
  if (same !== void 0) return { action: same.body.trim() === comment.body.trim() ? "unchanged" : "update", id: same.id };
  const current = previous.filter((candidate) => candidate.line !== null);
  if (current.length === 0) return { action: "post" };
  const newest = current.reduce((a, b) => b.id > a.id ? b : a);
  return { action: newest.body.trim() === comment.body.trim() ? "unchanged" : "update", id: newest.id };
}
var MAX_PROBES = 16;
function reviewComment(comment) {
  return {
    path: comment.path,
    side: "RIGHT",
    line: comment.line,
    ...comment.startLine < comment.line ? { start_line: comment.startLine, start_side: "RIGHT" } : {},
    body: comment.body
  };
}
function reviewBody(comments) {
  const suggestions = comments.filter((comment) => comment.kind === "suggestion").length;
  const violations = comments.length - suggestions;
  const parts = [suggestions > 0 ? `${suggestions} suggestion${suggestions === 1 ? "" : "s"} applying the policies' mutations` : "", violations > 0 ? `${violations} violation${violations === 1 ? "" : "s"}` : ""];
  return `**kyverno-lint**: ${parts.filter(Boolean).join(" and ")}.`;
}
function isRefusal(error2) {
  return httpStatus(error2) === 422;
}
async function findRefused(api, pull, refused, budget) {
  if (refused.length <= 1) return refused;
  const middle = Math.ceil(refused.length / 2);
  const halves = [refused.slice(0, middle), refused.slice(middle)];
  const found = [];
  for (const [index, half] of halves.entries()) {
    const firstAccepted = index === 1 && found.length === 0;
    if (firstAccepted) {
      found.push(...await findRefused(api, pull, half, budget));
      continue;
    }
    if (budget.left <= 0) {
      found.push(...half);
      continue;
    }
    budget.left--;
    try {
      const { data } = await api.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", { owner: pull.owner, repo: pull.repo, pull_number: pull.number, commit_id: pull.headSha, comments: half.map(reviewComment) });
      const id = data.id;
      if (typeof id === "number") await api.request("DELETE /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}", { owner: pull.owner, repo: pull.repo, pull_number: pull.number, review_id: id });
    } catch (error2) {
      if (!isRefusal(error2)) throw error2;
      found.push(...await findRefused(api, pull, half, budget));
    }
  }
  return found;
}
async function publishReview(api, pull, comments, options = {}) {
  const { maxWrites = MAX_COMMENT_WRITES, maxProbes = MAX_PROBES, stillReported } = options;
  const outcome = { created: [], updated: [], unchanged: [], resolved: [], failed: [] };
  if (comments.length === 0 && stillReported === void 0) return outcome;
  const existing = await existingComments(api, pull);
  const stop = (error2) => {
    outcome.stopped = `the token cannot write pull-request reviews (${describeError(error2)}); it needs pull-requests: write`;
  };
  const fresh = [];
  let writes = 0;
  for (const comment of comments) {
    if (outcome.stopped !== void 0) {
      outcome.failed.push({ comment, reason: outcome.stopped });
      continue;
    }
    const match = matchExisting(comment, existing.get(comment.key) ?? []);
    if (match.action === "unchanged") {
      outcome.unchanged.push(comment);
      continue;
    }
    if (writes >= maxWrites) {
      outcome.failed.push({ comment, reason: `at most ${maxWrites} review comments are written per run (GitHub rate-limits bursts of comments)` });
      continue;
    }
    writes++;
    if (match.action === "post") {
      fresh.push(comment);
      continue;
    }
    try {
      await api.request("PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}", { owner: pull.owner, repo: pull.repo, comment_id: match.id, body: comment.body });
      outcome.updated.push(comment);
    } catch (error2) {
      if (isPermissionError(error2)) stop(error2);
      outcome.failed.push({ comment, reason: outcome.stopped ?? `GitHub rejected the update (${describeError(error2)})` });
    }
  }
  if (stillReported !== void 0 && outcome.stopped === void 0) {
    const planned = new Set(comments.map((comment) => comment.key));
    for (const [key, previous] of existing) {
      if (planned.has(key)) continue;
      for (const comment of previous) {
        const ruleId = key.slice(0, key.lastIndexOf(`:${comment.path}:`));
        const body = resolvedBody(key, ruleId, pull.headSha);
        if (comment.line === null || ruleId === "" || stillReported(ruleId, comment.path) || comment.body.trim() === body.trim() || writes >= maxWrites) continue;
        try {
          await api.request("PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}", { owner: pull.owner, repo: pull.repo, comment_id: comment.id, body });
          writes++;
          outcome.resolved.push(comment.id);
        } catch (error2) {
          if (isPermissionError(error2)) stop(error2);
          break;
        }
      }
    }
  }
  if (outcome.stopped !== void 0) {
    for (const comment of fresh) outcome.failed.push({ comment, reason: outcome.stopped });
    return outcome;
  }
  let pending = fresh;
  const budget = { left: maxProbes };
  for (let attempt = 0; pending.length > 0 && attempt < 2; attempt++) {
    try {
      const { data } = await api.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
        owner: pull.owner,
        repo: pull.repo,
        pull_number: pull.number,
        commit_id: pull.headSha,
        event: "COMMENT",
        body: reviewBody(pending),
        comments: pending.map(reviewComment)
      });
      const id = data.id;
      if (typeof id === "number") outcome.reviewId = id;
      outcome.created.push(...pending);
      pending = [];
    } catch (error2) {
      const reason = describeError(error2);
      if (isPermissionError(error2)) {
        stop(error2);
        break;
      }
      if (!isRefusal(error2) || attempt > 0) {
        for (const comment of pending) outcome.failed.push({ comment, reason: `GitHub refused the review (${reason})` });
        pending = [];
        break;
      }
      let refused;
      try {
        refused = await findRefused(api, pull, pending, budget);
      } catch (probeError) {
        if (isPermissionError(probeError)) stop(probeError);
        else for (const comment of pending) outcome.failed.push({ comment, reason: `GitHub refused the review (${reason}) and could not be asked which line (${describeError(probeError)})` });
        if (outcome.stopped === void 0) pending = [];
        break;
      }
      for (const comment of refused) outcome.failed.push({ comment, reason: `GitHub refused the line (${reason}): it is not in the pull request's diff at ${pull.headSha.slice(0, 7)}` });
      pending = pending.filter((comment) => !refused.includes(comment));
    }
  }
  if (outcome.stopped !== void 0) for (const comment of pending) outcome.failed.push({ comment, reason: outcome.stopped });
  return outcome;
}

// src/action/summary.ts
var MAX_LOCATIONS = 10;
var MAX_DIFFS = 50;
var MAX_LIST = 20;
var MAX_LENGTH = 9e5;
var SEVERITY_ORDER = { error: 0, warning: 1, info: 2 };
function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}
function cell(text2) {
  return text2.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
function code(text2) {
  const ticks = text2.includes("`") ? "``" : "`";
  return `${ticks}${ticks.length > 1 ? " " : ""}${text2.replace(/\|/g, "\\|")}${ticks.length > 1 ? " " : ""}${ticks}`;
}
function lineUrl(links, file, line, endLine = line) {
  const path8 = file.split("/").map(encodeURIComponent).join("/");
  return `${links.serverUrl}/${links.repository}/blob/${links.sha}/${path8}#L${line}${endLine > line ? `-L${endLine}` : ""}`;
}
function place(finding) {
  const { file, line } = finding.location;
  if (file === "") return ".";
  return line >= 1 ? `${file}:${line}` : file;
}
function locationLink(finding, links) {
  const { file, line, endLine } = finding.location;
  const label = cell(place(finding));
  if (links === void 0 || file === "" || line < 1 || file.startsWith("../") || file.startsWith("/")) return label;
  return `[${label}](${lineUrl(links, file, line, endLine)})`;
}
function totals(input) {
  const { report } = input;
  const { counts } = report;
  const verdict = input.errors.length > 0 ? "\u26D4 tool errors" : input.failed ? `\u274C failed (fail-on: ${input.failOn})` : "\u2705 passed";
  let out = `${verdict}: ${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info`;
  out += ` in ${plural(report.manifests, "manifest")} checked against ${plural(report.policies, "policy", "policies")}`;
  out += ` (${plural(report.files.policies + report.files.manifests, "file")} read, ${(report.durationMs / 1e3).toFixed(2)} s).

`;
  out += "| Errors | Warnings | Info | Suppressed |\n| ---: | ---: | ---: | ---: |\n";
  out += `| ${counts.error} | ${counts.warning} | ${counts.info} | ${counts.suppressed} |
`;
  return out;
}
function ruleTable(input) {
  const groups = /* @__PURE__ */ new Map();
  for (const finding of input.report.findings) {
    if (finding.status === "problem") continue;
    const group2 = groups.get(finding.ruleId);
    if (group2) group2.push(finding);
    else groups.set(finding.ruleId, [finding]);
  }
  if (groups.size === 0) return "";
  const rows = [...groups].map(([ruleId, findings]) => ({ ruleId, findings, severity: findings.reduce((worst, f) => SEVERITY_ORDER[f.severity] < SEVERITY_ORDER[worst] ? f.severity : worst, "info") })).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  let out = "\n### Findings by rule\n\n| Rule | Severity | Findings | Where |\n| --- | --- | ---: | --- |\n";
  for (const row of rows) {
    const shown = row.findings.slice(0, MAX_LOCATIONS).map((finding) => locationLink(finding, input.links));
    if (row.findings.length > MAX_LOCATIONS) shown.push(`and ${row.findings.length - MAX_LOCATIONS} more`);
    out += `| ${code(row.ruleId)} | ${row.severity} | ${row.findings.length} | ${shown.join("<br>")} |
`;
  }
  return out;
}
function editDiff(input, item) {
  const { edit } = item;
  const before = input.fileText(edit.file);
  if (before === void 0) return "";
  const after = applyEdits(before, [{ startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement }]);
  return unifiedDiff(before, after, { from: `a/${edit.file}`, to: `b/${edit.file}`, context: 2 });
}
function editLines(startLine, endLine) {
  if (endLine < startLine) return `before line ${startLine}`;
  return endLine === startLine ? `line ${startLine}` : `lines ${startLine}\u2013${endLine}`;
}
function mutations(input) {
  if (input.edits.length === 0) return "";
  const title = input.review ? "Mutations not posted as suggestions" : "Mutations";
  let out = `
### ${title}

These edits apply the policies' mutations (\`kyverno-lint --fix\` writes them).
`;
  let previous;
  for (const item of input.edits.slice(0, MAX_DIFFS)) {
    const { edit, finding } = item;
    if (previous?.finding !== finding || previous.reason !== item.reason) {
      out += `
**${cell(finding.resource ? `${finding.resource.kind}/${finding.resource.name}` : finding.location.file)}** (${code(finding.ruleId)}): ${cell(item.reason)}
`;
    }
    previous = item;
    const lines = editLines(edit.startLine, edit.endLine);
    const first = Math.max(1, Math.min(edit.startLine, edit.endLine));
    const target = input.links && !edit.file.startsWith("../") ? `[${cell(edit.file)} ${lines}](${lineUrl(input.links, edit.file, first, Math.max(edit.startLine, edit.endLine))})` : `${cell(edit.file)} ${lines}`;
    out += `
${target}
`;
    const diff = editDiff(input, item);
    if (diff !== "") out += `
\`\`\`diff
${diff.replace(/```/g, "`\u200B``")}\`\`\`
`;
  }
  if (input.edits.length > MAX_DIFFS) out += `
\u2026and ${input.edits.length - MAX_DIFFS} more edits (run \`kyverno-lint --fix-dry-run\` to see them all).
`;
  return out;
}
function annotations(input) {
  const { mode, shown, hidden, detail } = input.annotations;
  if (mode === "off") return "";
  let out = "\n### Annotations\n\n";
  if (mode === "check-run") out += `${plural(shown, "annotation")} in the check run${detail ? ` ${detail}` : ""}.
`;
  else {
    out += `${plural(shown, "annotation")} shown`;
    out += hidden > 0 ? `; **${hidden} not shown**: GitHub keeps 10 per severity and step (findings on changed lines and files, and errors, come first; the log lists the others).
` : ".\n";
  }
  return out;
}
function review(input) {
  if (!input.review) return "";
  const { created, updated, unchanged, failed } = input.review;
  let out = `
### Review

${plural(created, "comment")} posted, ${updated} updated, ${unchanged} unchanged`;
  out += failed.length > 0 ? `, **${failed.length} not posted**:

` : ".\n";
  for (const item of failed.slice(0, MAX_LIST)) out += `- ${cell(item.path)}:${item.line} (${item.kind}, ${code(item.ruleId)}): ${cell(item.reason)}
`;
  if (failed.length > MAX_LIST) out += `- \u2026and ${failed.length - MAX_LIST} more
`;
  return out;
}
function legacyPolicies(input) {
  const notices = input.report.findings.filter((finding) => finding.ruleId === LEGACY_POLICY);
  if (notices.length === 0) return "";
  let out = `
### kyverno.io policies to migrate

${plural(notices.length, "kyverno.io policy", "kyverno.io policies")} (ClusterPolicy, Policy), which Kyverno 1.20 no longer runs:`;
  out += " `kyverno-lint migrate <file>` translates them into CEL policies. Their notices are annotated only in the files a pull request changes;";
  out += ` \`ignore: [${LEGACY_POLICY}]\` in the configuration turns them off.

`;
  for (const finding of notices.slice(0, MAX_LIST)) {
    const { resource } = finding;
    const what = resource === void 0 ? finding.message : `${resource.kind} ${resource.namespace === "" ? "" : `${resource.namespace}/`}${resource.name}`;
    out += `- ${locationLink(finding, input.links)} ${cell(what)}
`;
  }
  if (notices.length > MAX_LIST) out += `- \u2026and ${notices.length - MAX_LIST} more
`;
  return out;
}
function skipped(input) {
  const { report } = input;
  const items = [];
  for (const error2 of input.errors) items.push(`error: ${cell(error2)}`);
  for (const warning2 of input.warnings) items.push(cell(warning2));
  const problems = /* @__PURE__ */ new Map();
  for (const finding of report.findings) {
    if (finding.status !== "problem" || finding.ruleId === LEGACY_POLICY) continue;
    problems.set(finding.ruleId, [...problems.get(finding.ruleId) ?? [], finding]);
  }
  for (const [ruleId, findings] of problems) {
    const what = ruleId === "kyverno-lint/unsupported-policy-kind" ? "unsupported policy kinds, not evaluated" : "not evaluated";
    items.push(`${code(ruleId)} (${what}): ${findings.slice(0, MAX_LIST).map((finding) => `${locationLink(finding, input.links)} ${cell(finding.message)}`).join("; ")}${findings.length > MAX_LIST ? `; \u2026and ${findings.length - MAX_LIST} more` : ""}`);
  }
  const errored = report.findings.filter((finding) => finding.status === "error");
  if (errored.length > 0) {
    const entries = collapseSameReason(errored);
    const list2 = entries.slice(0, MAX_LIST).map(({ finding, group: group2 }) => {
      if (group2 === void 0) return `  - ${code(finding.ruleId)} on ${locationLink(finding, input.links)}: ${cell(finding.message)}`;
      const where = group2.findings.slice(0, MAX_LOCATIONS).map((member) => locationLink(member, input.links));
      if (group2.findings.length > MAX_LOCATIONS) where.push(`and ${group2.findings.length - MAX_LOCATIONS} more`);
      return `  - ${code(finding.ruleId)} on ${group2.findings.length} resources (${where.join(", ")}): ${cell(finding.message)}`;
    });
    if (entries.length > MAX_LIST) list2.push(`  - \u2026and ${entries.length - MAX_LIST} more`);
    items.push(`${plural(errored.length, "rule evaluation")} could not complete (unresolved context entries, API calls that are not made offline, \u2026):
${list2.join("\n")}`);
  }
  const noEdit = report.findings.filter((finding) => finding.type === "Mutation" && finding.status !== "error" && !finding.fix);
  if (noEdit.length > 0) items.push(`${plural(noEdit.length, "mutation")} without a source edit (rendered Helm input, or an edit that would not read back as the mutated resource): ${noEdit.slice(0, MAX_LIST).map((finding) => locationLink(finding, input.links)).join(", ")}`);
  if (report.statuses.skip > 0) items.push(`${plural(report.statuses.skip, "rule evaluation")} skipped by Kyverno (preconditions not met, excluded, or not applicable)`);
  if (report.counts.suppressed > 0) items.push(`${plural(report.counts.suppressed, "finding")} suppressed (\`ignore\` or severity \`off\` in the configuration, \`kyverno-lint-disable\` comments, or \`only-changed\`)`);
  return items.length === 0 ? "" : `
### Skipped

${items.map((item) => `- ${item}`).join("\n")}
`;
}
function features(input) {
  const off = input.features.filter((feature) => !feature.on);
  if (off.length === 0) return "";
  return `
### Features that were off

${off.map((feature) => `- **${feature.name}**: ${cell(feature.detail)}`).join("\n")}
`;
}
function renderSummary(input) {
  let out = `## ${input.title ?? "kyverno-lint"}

${totals(input)}${ruleTable(input)}${mutations(input)}${annotations(input)}${review(input)}${legacyPolicies(input)}${skipped(input)}${features(input)}`;
  if (out.length > MAX_LENGTH) out = `${out.slice(0, MAX_LENGTH)}

\u2026(summary truncated)
`;
  return out;
}

// src/action/main.ts
var Run = class {
  constructor(deps) {
    this.deps = deps;
    this.fs = deps.fs ?? nodeFs;
    this.workspace = path7.resolve(deps.env.GITHUB_WORKSPACE || deps.cwd || process.cwd());
  }
  deps;
  features = [];
  fs;
  workspace;
  texts = /* @__PURE__ */ new Map();
  log(message) {
    this.deps.core.info(message);
  }
  feature(name, on, detail) {
    this.features.push({ name, on, detail });
    if (!on) this.log(`kyverno-lint: ${name} off: ${detail}`);
  }
  /** An error annotation (for inputs and configuration problems, which stop the run). */
  error(message, at) {
    const properties = at ? [["file", at.file], ["line", at.line], ["col", at.column]] : [];
    this.log(workflowCommand("error", properties, message));
  }
  /** A workspace file's text (no byte order mark), cached; `undefined` when unreadable. */
  fileText(file) {
    if (!this.texts.has(file)) {
      let text2;
      try {
        text2 = this.fs.readFileSync(path7.resolve(this.workspace, file), "utf8").replace(/^\uFEFF/, "");
      } catch {
        text2 = void 0;
      }
      this.texts.set(file, text2);
    }
    return this.texts.get(file);
  }
  fileLines(file) {
    const text2 = this.fileText(file);
    if (text2 === void 0) return void 0;
    const lines = text2.split(/\r?\n/);
    if (lines.at(-1) === "") lines.pop();
    return lines;
  }
  relative(file) {
    return path7.relative(this.workspace, file).split(path7.sep).join("/");
  }
  readPayload() {
    const file = this.deps.env.GITHUB_EVENT_PATH;
    if (!file) return void 0;
    try {
      return JSON.parse(this.fs.readFileSync(file, "utf8"));
    } catch (error2) {
      this.log(`kyverno-lint: cannot read the event payload ${file}: ${error2.message}`);
      return void 0;
    }
  }
  /** The configuration (input `config`, else `.kyverno-lint.yaml` searched from the workspace); `null` after reporting problems. */
  readConfig(inputs) {
    let file;
    if (inputs.config !== void 0) {
      file = path7.resolve(this.workspace, inputs.config);
      if (!this.fs.existsSync(file)) {
        this.error(`input config: ${inputs.config} does not exist`);
        return null;
      }
    } else {
      file = findConfigFile(this.workspace);
    }
    let config = structuredClone(DEFAULT_CONFIG);
    if (file !== null) {
      const loaded = loadConfig(file);
      if (loaded.problems.length > 0) {
        this.configProblems(file, loaded.problems);
        return null;
      }
      config = loaded.config;
      this.log(`kyverno-lint: configuration ${this.relative(file)}`);
    }
    if (inputs.valuesFile !== void 0) config = { ...config, values: path7.resolve(this.workspace, inputs.valuesFile) };
    if (inputs.allowEmpty !== void 0) config = { ...config, allowEmpty: inputs.allowEmpty };
    return config;
  }
  /** Error annotations for the problems of the configuration file `file`. */
  configProblems(file, problems) {
    for (const problem of problems) this.error(problem.message, { file: this.relative(problem.file), line: problem.line, column: problem.column });
    this.error(`invalid configuration file ${this.relative(file)}`);
  }
};
function countsText(report) {
  const { counts } = report;
  return `${counts.error} error${counts.error === 1 ? "" : "s"}, ${counts.warning} warning${counts.warning === 1 ? "" : "s"}, ${counts.info} info`;
}
function plainLine(finding) {
  const { file, line, column } = finding.location;
  return `${file || "."}${line >= 1 ? `:${line}:${column}` : ""}  ${finding.severity}  ${finding.message}  ${finding.ruleId}`;
}
async function pullRequestOf(state, context, api) {
  let pull = context.pullRequest;
  if (pull === void 0 && context.workflowRun !== void 0 && api !== void 0) {
    try {
      pull = await findWorkflowRunPullRequest(api, context);
      if (pull === void 0) state.log(`kyverno-lint: no open pull request has the head ${context.workflowRun.headOwner}:${context.workflowRun.headBranch} at ${context.workflowRun.headSha}`);
    } catch (error2) {
      state.log(`kyverno-lint: cannot look up the pull request of the workflow run (${describeError(error2)})`);
    }
  }
  if (pull === void 0) {
    state.feature("changed files", false, `not a pull request (event ${context.eventName || "unknown"})`);
    return {};
  }
  if (api === void 0) {
    state.feature("changed files", false, "no token (input token is empty)");
    return { pull };
  }
  try {
    const diff = await fetchPullRequestDiff(api, pull);
    state.feature("changed files", true, `${diff.files.size} files changed in pull request #${pull.number}`);
    return { pull, diff };
  } catch (error2) {
    state.feature("changed files", false, `cannot read the files of pull request #${pull.number} (${describeError(error2)})`);
    return { pull };
  }
}
async function annotate(state, inputs, report, ranked, target) {
  if (!inputs.annotations) {
    state.feature("annotations", false, "input annotations is false");
    return { summary: { mode: "off", shown: 0, hidden: 0 } };
  }
  const { api, writeBlocked, context } = target;
  const { env } = state.deps;
  let fallback;
  if (api === void 0 || writeBlocked !== void 0) fallback = writeBlocked ?? "no token";
  else if (context.repository === void 0 || context.sha === "") fallback = "GITHUB_REPOSITORY or GITHUB_SHA is not set";
  else {
    const { counts } = report;
    try {
      const result = await publishCheckRun(api, {
        repository: context.repository,
        headSha: context.sha,
        findings: ranked,
        title: `${countsText(report)}`,
        summary: `kyverno-lint checked ${report.manifests} manifests against ${report.policies} policies: ${countsText(report)}. The job summary has the details.`,
        conclusion: target.failed ? "failure" : counts.error + counts.warning > 0 ? "neutral" : "success",
        name: runName(inputs.shard),
        ...env.GITHUB_RUN_ID ? { detailsUrl: `${env.GITHUB_SERVER_URL || "https://github.com"}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}` } : {}
      });
      state.feature("check run", true, `${result.annotations} annotations in ${result.requests} requests`);
      state.log(`kyverno-lint: check run ${runName(inputs.shard)} (id ${result.id}) holds ${result.annotations} annotations (${result.requests} request${result.requests === 1 ? "" : "s"} of at most 50)`);
      if (result.unplaced.length > 0) for (const line of workflowCommands(report, capAnnotations(result.unplaced).shown).split("\n").filter(Boolean)) state.log(line);
      return { summary: { mode: "check-run", shown: result.annotations, hidden: 0, detail: runName(inputs.shard) } };
    } catch (error2) {
      const partial = error2.partial;
      if (partial !== void 0) {
        state.feature("check run", false, `the check run ${partial.id} is incomplete: ${partial.sent} annotations sent, then ${describeError(error2)}`);
        return { summary: { mode: "check-run", shown: partial.sent, hidden: 0, detail: `(incomplete: ${describeError(error2)})` } };
      }
      fallback = isPermissionError(error2) ? `the token cannot create check runs (${describeError(error2)}); it needs checks: write` : `the check run could not be created (${describeError(error2)})`;
    }
  }
  state.feature("check run", false, `${fallback}; annotations are workflow commands instead (at most 10 per severity)`);
  const { shown, hidden } = capAnnotations(ranked);
  for (const line of workflowCommands(report, shown).split("\n").filter(Boolean)) state.log(line);
  if (hidden.length > 0) {
    state.log(`kyverno-lint: ${hidden.length} annotation${hidden.length === 1 ? " was" : "s were"} not shown: GitHub keeps 10 per severity and step. They are:`);
    state.deps.core.startGroup(`${hidden.length} findings not shown as annotations`);
    for (const finding of hidden) state.log(plainLine(finding));
    state.deps.core.endGroup();
  }
  return { summary: { mode: "workflow-commands", shown: collapseSameReason(shown).length, hidden: hidden.length } };
}
async function reviewPullRequest(state, inputs, ranked, target) {
  const edits = (reason) => ranked.flatMap((finding) => (finding.fix ?? []).map((edit) => ({ finding, edit, reason })));
  let off;
  if (inputs.review === "off") off = "input review is off";
  else if (target.pull === void 0) off = `not a pull request (event ${target.eventName || "unknown"})`;
  else if (target.api === void 0) off = "no token (input token is empty)";
  else if (target.writeBlocked !== void 0) off = target.writeBlocked;
  else if (target.diff === void 0) off = "the pull request's changed files could not be read";
  if (off !== void 0 || target.api === void 0 || target.pull === void 0 || target.diff === void 0 || inputs.review === "off") {
    state.feature("review", false, off ?? "unavailable");
    return { unposted: edits(`no suggestion: ${off ?? "review unavailable"}`) };
  }
  const { api, pull, diff } = target;
  const { checkedOut } = target;
  let place2;
  if (checkedOut && checkedOut.toLowerCase() !== pull.headSha.toLowerCase()) {
    const files = /* @__PURE__ */ new Set();
    for (const finding of ranked) {
      for (const edit of finding.fix ?? []) if (diff.isChanged(edit.file)) files.add(edit.file);
      if (inputs.review === "comments" && finding.severity !== "info" && !finding.fix && diff.isChanged(finding.location.file)) files.add(finding.location.file);
    }
    const remote = apiCommitReader(api, pull);
    const local = localCommitReader(state.workspace, pull.headSha, remote);
    const placement = await placeOnHead(files, (file) => state.fileText(file), local ?? remote, pull.headSha);
    place2 = placement.place;
    const how = local ? "git (the head commit is in the clone)" : "the contents API (the head commit is not in the clone)";
    state.log(`kyverno-lint: the workspace is ${checkedOut.slice(0, 7)}, not the head commit ${pull.headSha.slice(0, 7)}: ${files.size} file${files.size === 1 ? "" : "s"} read at the head commit through ${how}; ${placement.mapped.length} differ${placement.mapped.length === 1 ? "s" : ""} from the workspace (lines mapped)`);
  }
  const plan = planReview(ranked, diff, inputs.review, (file) => state.fileLines(file), place2);
  let outcome;
  try {
    const reported = new Set(ranked.flatMap((finding) => [finding.location.file, ...(finding.fix ?? []).map((edit) => edit.file)].map((file) => `${finding.ruleId}
${file}`)));
    outcome = await publishReview(api, pull, plan.comments, { stillReported: (ruleId, file) => reported.has(`${ruleId}
${file}`) });
  } catch (error2) {
    state.feature("review", false, `cannot read the pull request's review comments (${describeError(error2)})`);
    return { unposted: [...plan.unposted, ...plan.comments.filter((comment) => comment.edit).map((comment) => ({ finding: comment.finding, edit: comment.edit, reason: "review unavailable" }))] };
  }
  const unposted = [...plan.unposted];
  for (const { comment, reason } of outcome.failed) {
    if (reason !== outcome.stopped) state.log(`kyverno-lint: review comment on ${comment.path}:${comment.line} not posted: ${reason}`);
    if (comment.edit) unposted.push({ finding: comment.finding, edit: comment.edit, reason });
  }
  if (outcome.stopped !== void 0) state.feature("review", false, outcome.stopped);
  else state.feature("review", true, `${outcome.created.length} posted, ${outcome.updated.length} updated, ${outcome.unchanged.length} unchanged, ${outcome.resolved.length} marked resolved, ${outcome.failed.length} rejected`);
  state.log(`kyverno-lint: review of pull request #${pull.number} on ${pull.headSha.slice(0, 7)}${outcome.reviewId !== void 0 ? ` (review ${outcome.reviewId})` : ""}: ${outcome.created.length} comments posted, ${outcome.updated.length} updated, ${outcome.unchanged.length} unchanged, ${outcome.failed.length} not posted${outcome.resolved.length > 0 ? `, ${outcome.resolved.length} earlier marked resolved` : ""}; ${plan.unposted.length} edits outside the diff go to the summary`);
  return { outcome, unposted };
}
async function run(deps) {
  const state = new Run(deps);
  const { core, env } = deps;
  if (deps.announced !== true) state.log(announcement());
  let inputs;
  try {
    inputs = readInputs((name) => core.getInput(name));
  } catch (error2) {
    if (!(error2 instanceof InputError)) throw error2;
    state.error(error2.message);
    core.setOutput("exit-code", 2);
    return 2;
  }
  if (inputs.token !== "") core.setSecret(inputs.token);
  const context = eventContext(env, state.readPayload());
  const api = inputs.token !== "" ? await deps.github(inputs.token) : void 0;
  const writeBlocked = api === void 0 ? "no token (input token is empty)" : context.readOnlyReason;
  const { pull, diff } = await pullRequestOf(state, context, api);
  const config = state.readConfig(inputs);
  if (config === null) {
    core.setOutput("exit-code", 2);
    return 2;
  }
  const options = {
    cwd: state.workspace,
    paths: inputs.paths.map((item) => path7.resolve(state.workspace, item)),
    policyPaths: inputs.policies.map((item) => path7.resolve(state.workspace, item)),
    config,
    // The edits of mutations: suggestions, summary diffs and SARIF fixes.
    fixes: true,
    ...inputs.shard !== void 0 ? { shard: inputs.shard } : {}
  };
  const baseWarnings = [];
  let baseFrom = "";
  if (inputs.base.mode !== "off") {
    const { openBase } = await import("./action-base-tree-6NA2EEKJ.js");
    const opened = await openBase(inputs.base, context, pull, api, state.workspace);
    if ("revision" in opened) {
      options.base = opened.revision;
      baseFrom = opened.from;
    } else if ("error" in opened) {
      baseWarnings.push(`${opened.error}; the manifests are checked as new objects (CREATE)`);
    } else {
      state.log(`kyverno-lint: no base revision: ${opened.none}`);
    }
  }
  if (inputs.onlyChanged) {
    if (diff !== void 0) {
      options.reportFiles = diff.presentFiles().map((file) => path7.resolve(state.workspace, file));
      state.feature("only-changed", true, `findings of the ${options.reportFiles.length} changed files`);
    } else {
      state.feature("only-changed", false, "the changed files are not known; every finding is reported");
    }
  }
  const result = await lint(options);
  const { report } = result;
  for (const warning2 of result.warnings) state.log(`kyverno-lint: warning: ${warning2}`);
  if (result.configProblems.length > 0) {
    state.configProblems(config.file ?? "", result.configProblems);
    core.setOutput("exit-code", 2);
    return 2;
  }
  const warnings = [...result.warnings];
  if (result.base !== null) {
    const { label, updated, created, removed, error: error2 } = result.base;
    if (error2 !== void 0) baseWarnings.push(`${error2}; the manifests were checked as new objects (CREATE)`);
    else {
      const detail = `compared with ${label} (read from ${baseFrom}): ${updated} updated, ${created} new, ${removed} removed objects`;
      state.feature("base revision", true, detail);
      state.log(`kyverno-lint: base revision ${detail}`);
    }
  }
  for (const warning2 of baseWarnings) {
    warnings.push(warning2);
    state.log(`kyverno-lint: warning: ${warning2}`);
  }
  const errors = [...result.errors];
  if (result.empty !== null && config.allowEmpty === true) {
    warnings.push(result.empty.message);
    state.log(`kyverno-lint: warning: ${result.empty.message}`);
  } else if (result.empty !== null) {
    const add = result.empty.noPolicy ? "set the policies globs of the configuration or the input policies; " : "";
    errors.push(`${result.empty.message} (${add}input allow-empty: true, or allowEmpty: true in the configuration, accepts a scan that checks nothing)`);
  }
  for (const error2 of errors) state.error(error2);
  if (result.shard !== null) {
    const { index, count, units, totalUnits, subjects } = result.shard;
    state.log(
      units === 0 ? `kyverno-lint: shard ${index}/${count} has no manifest to check (the repository has ${totalUnits} units of work for ${count} shards); the other shards check them` : `kyverno-lint: shard ${index}/${count}: ${subjects} of the repository's objects (${units} of ${totalUnits} units of work)`
    );
  }
  const tooManyWarnings = inputs.failOn !== "never" && config.maxWarnings !== void 0 && report.counts.warning > config.maxWarnings;
  if (tooManyWarnings) state.log(`kyverno-lint: too many warnings (maximum: ${config.maxWarnings})`);
  const failed = errors.length > 0 || failsOn(inputs.failOn, report.counts) || tooManyWarnings;
  const exitCode = errors.length > 0 ? 2 : failed ? 1 : 0;
  const ranked = rankFindings(report.findings, diff);
  state.log(`kyverno-lint: ${report.manifests} manifests, ${report.policies} policies: ${countsText(report)}${report.counts.suppressed > 0 ? `, ${report.counts.suppressed} suppressed` : ""}`);
  const annotated = annotatedFindings(ranked, diff);
  const notAnnotated = ranked.length - annotated.length;
  if (inputs.annotations && notAnnotated > 0) {
    state.log(`kyverno-lint: ${notAnnotated} ${LEGACY_POLICY} notice${notAnnotated === 1 ? " is" : "s are"} not annotated (${diff === void 0 ? "not a pull request" : "files the pull request does not change"}); the job summary lists them`);
  }
  const annotations2 = await annotate(state, inputs, report, annotated, { api, writeBlocked, context, failed });
  const checkedOut = checkedOutCommit((file) => state.fs.readFileSync(file, "utf8"), state.workspace) ?? (env.GITHUB_SHA || void 0);
  const review2 = await reviewPullRequest(state, inputs, ranked, { api, writeBlocked, pull, diff, eventName: context.eventName, checkedOut });
  let sarifPath = "";
  if (inputs.sarifFile !== void 0) {
    const target = path7.resolve(state.workspace, inputs.sarifFile);
    try {
      state.fs.mkdirSync(path7.dirname(target), { recursive: true });
      const log = sarifChunks(report, { color: false, toolVersion: package_default.version, sarifSuppressed: false, ...inputs.shard !== void 0 ? { automationId: sarifAutomationId(inputs.shard) } : {} });
      state.fs.writeFileSync(target, "");
      for (const block of reportBlocks(log)) state.fs.appendFileSync(target, block);
      sarifPath = target;
      state.feature("SARIF", true, target);
      state.log(`kyverno-lint: SARIF written to ${state.relative(target)}`);
    } catch (error2) {
      state.feature("SARIF", false, `cannot write ${inputs.sarifFile}: ${error2.message}`);
    }
  }
  const linkSha = checkedOut ?? context.sha;
  const links = env.GITHUB_REPOSITORY && linkSha ? { serverUrl: env.GITHUB_SERVER_URL || "https://github.com", repository: env.GITHUB_REPOSITORY, sha: linkSha } : void 0;
  if (!inputs.summary) state.feature("summary", false, "input summary is false");
  else if (!env.GITHUB_STEP_SUMMARY) state.feature("summary", false, "GITHUB_STEP_SUMMARY is not set");
  else {
    const { outcome } = review2;
    const markdown = renderSummary({
      title: runName(inputs.shard),
      report,
      warnings,
      errors,
      links,
      annotations: annotations2.summary,
      ...outcome ? {
        review: {
          created: outcome.created.length,
          updated: outcome.updated.length,
          unchanged: outcome.unchanged.length,
          failed: outcome.failed.map(({ comment, reason }) => ({ path: comment.path, line: comment.line, kind: comment.kind, ruleId: comment.finding.ruleId, reason }))
        }
      } : {},
      edits: review2.unposted,
      fileText: (file) => state.fileText(file),
      features: state.features,
      failed,
      failOn: inputs.failOn
    });
    try {
      state.fs.appendFileSync(env.GITHUB_STEP_SUMMARY, markdown);
    } catch (error2) {
      state.log(`kyverno-lint: cannot write the job summary: ${error2.message}`);
    }
  }
  core.setOutput("errors", report.counts.error);
  core.setOutput("warnings", report.counts.warning);
  core.setOutput("info", report.counts.info);
  core.setOutput("sarif-file", sarifPath);
  core.setOutput("exit-code", exitCode);
  if (exitCode === 2) state.log("kyverno-lint: failing the step: tool errors (see above)");
  else if (exitCode === 1) state.log(`kyverno-lint: failing the step: ${countsText(report)} (fail-on: ${inputs.failOn})`);
  return exitCode;
}

// src/action/run-entry.ts
async function github2(token) {
  const { getOctokit } = await import("./action-github-SVHME2NG.js");
  const octokit = getOctokit(token);
  return { request: (route, params) => octokit.request(route, params) };
}
try {
  process.exitCode = await run({ core: core_exports, env: process.env, github: github2, announced: true });
} catch (error2) {
  setFailed(`kyverno-lint: internal error: ${error2 instanceof Error ? error2.stack ?? error2.message : String(error2)}`);
  process.exitCode = 2;
}
