// The JSON API as the page calls it. Errors arrive as {"code", "message"}.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `The service answered ${status}.`);
    this.status = status;
    this.code = body && body.code;
    this.body = body;
  }
}

export async function request(method, url, { token = null, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let resp;
  try {
    resp = await fetch(url, { method, headers, cache: "no-store",
                              body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, { code: "offline", message: "The service cannot be reached." });
  }
  let data = null;
  try { data = await resp.json(); } catch (e) { /* not JSON */ }
  if (!resp.ok) throw new ApiError(resp.status, data);
  return data;
}

export const get = (url, token) => request("GET", url, { token });
export const post = (url, token, body) => request("POST", url, { token, body });

export async function engineTitles() {
  try {
    const { engines } = await get("/engines");
    return Object.fromEntries(engines.map((e) => [e.name, e.title]));
  } catch (e) {
    return {};
  }
}
