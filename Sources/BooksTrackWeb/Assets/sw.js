// BooksTrack's service worker (SPEC F11): the shell from the cache, every page from the network,
// and, offline, the last insights page this browser saw — marked stale — or a page saying the
// network is gone, never a browser error. The server fills in VERSION (the assets' hash).
"use strict";

var VERSION = "__VERSION__";
var SHELL = "bookstrack-shell-" + VERSION;
var SNAPSHOT = "bookstrack-snapshot";
var SNAPSHOT_KEY = "/insights";
var SHELL_URLS = [
    "/offline",
    "/assets/app.css?v=" + VERSION,
    "/assets/app.js?v=" + VERSION,
    "/assets/icon.svg",
    "/manifest.webmanifest"
];
// Signing in, out or up, or deleting the account, forgets the snapshot: the next person to use
// this browser must never see someone else's insights.
var ACCOUNT_CHANGES = ["/login", "/logout", "/setup", "/register", "/account/delete"];

self.addEventListener("install", function (event) {
    event.waitUntil(
        caches.open(SHELL)
            .then(function (cache) { return cache.addAll(SHELL_URLS); })
            .then(function () { return self.skipWaiting(); })
    );
});

self.addEventListener("activate", function (event) {
    event.waitUntil(
        caches.keys()
            .then(function (names) {
                return Promise.all(names.filter(function (name) {
                    return name.indexOf("bookstrack-shell-") === 0 && name !== SHELL;
                }).map(function (name) { return caches.delete(name); }));
            })
            .then(function () { return self.clients.claim(); })
    );
});

function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
        return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
    });
}

function when(milliseconds) {
    try {
        return new Date(milliseconds).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    } catch (error) {
        return new Date(milliseconds).toISOString();
    }
}

function html(body, status, headers) {
    var fields = new Headers(headers || {});
    fields.set("Content-Type", "text/html; charset=utf-8");
    return new Response(body, { status: status, headers: fields });
}

// Keeps a copy of an insights page as it arrived (its security headers too) and when.
function save(response) {
    return response.text().then(function (body) {
        var fields = new Headers(response.headers);
        fields.set("X-BooksTrack-Saved-At", String(Date.now()));
        return caches.open(SNAPSHOT).then(function (cache) {
            return cache.put(SNAPSHOT_KEY, new Response(body, { status: 200, headers: fields }));
        });
    });
}

// The page that says the network is gone; it says whether an insights snapshot is kept here.
function offlinePage(hasSnapshot) {
    return caches.match("/offline").then(function (hit) {
        if (!hit) {
            return new Response("You are offline. BooksTrack needs the network for this page.", {
                status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
            });
        }
        return hit.text().then(function (body) {
            if (!hasSnapshot) {
                body = body.replace(/<!--snapshot-->[\s\S]*<!--\/snapshot-->/,
                    "<p>No insights are kept on this device yet: open Insights once while online, and they will be here next time.</p>");
            }
            return html(body, 503, hit.headers);
        });
    });
}

// The last insights page with a banner saying how old it is; the offline page when there is none.
function snapshot() {
    return caches.open(SNAPSHOT).then(function (cache) { return cache.match(SNAPSHOT_KEY); }).then(function (hit) {
        if (!hit) return offlinePage(false);
        var savedAt = Number(hit.headers.get("X-BooksTrack-Saved-At")) || Date.now();
        return hit.text().then(function (body) {
            var banner = "<div class=\"notice warning stale-banner\" role=\"status\"><p><strong>You are offline.</strong> " +
                "These are your insights as this device last saw them: stale since " + escapeHTML(when(savedAt)) +
                ". They update when the network is back.</p></div>";
            var marked = body.replace(/(<main\b[^>]*>)/, "$1" + banner);
            return html(marked, 200, hit.headers);
        });
    });
}

function hasSnapshot() {
    return caches.open(SNAPSHOT).then(function (cache) { return cache.match(SNAPSHOT_KEY); })
        .then(function (hit) { return Boolean(hit); });
}

self.addEventListener("fetch", function (event) {
    var request = event.request;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (request.method !== "GET") {
        if (ACCOUNT_CHANGES.indexOf(url.pathname) >= 0 || url.pathname.indexOf("/invite/") === 0) {
            event.waitUntil(caches.delete(SNAPSHOT));
        }
        if (request.mode === "navigate") {
            event.respondWith(fetch(request).catch(function () { return hasSnapshot().then(offlinePage); }));
        }
        return;
    }
    if (url.pathname.indexOf("/assets/") === 0 || url.pathname === "/manifest.webmanifest") {
        event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
        return;
    }
    // The page's own requests (a prompt's form, a live refresh) go to the network as they are.
    if (request.mode !== "navigate") return;
    var insights = url.pathname === SNAPSHOT_KEY;
    event.respondWith(
        fetch(request).then(function (response) {
            if (insights && response.ok && !response.redirected) event.waitUntil(save(response.clone()));
            return response;
        }).catch(function () {
            return insights ? snapshot() : hasSnapshot().then(offlinePage);
        })
    );
});
