// BooksTrack: small enhancements only. Every page works without this file.
(function () {
    "use strict";

    // Prompts (SPEC F4): a "+" opens its question in a dialog; answering swaps the updated
    // radar, completion and rings in place. Without this, the same links open plain pages.
    var dialog = null;
    var opener = null;
    function promptDialog() {
        if (dialog) return dialog;
        dialog = document.createElement("dialog");
        dialog.className = "prompt-dialog";
        dialog.addEventListener("close", function () {
            dialog.innerHTML = "";
            if (opener && document.contains(opener)) opener.focus();
        });
        document.body.appendChild(dialog);
        return dialog;
    }
    function partial(url) {
        return url + (url.indexOf("?") < 0 ? "?" : "&") + "partial=1";
    }
    function show(container, html) {
        container.innerHTML = html;
        var heading = container.querySelector("[data-prompt-heading]");
        if (heading) {
            if (container === dialog) dialog.setAttribute("aria-labelledby", heading.id);
            heading.focus();
        }
        if (container.querySelector("[data-saved]")) refreshLive();
    }
    function loadPrompt(url, container) {
        return fetch(partial(url), { credentials: "same-origin" })
            .then(function (response) {
                if (!response.ok && response.status !== 422) throw new Error(String(response.status));
                return response.text();
            })
            .then(function (html) { show(container, html); });
    }
    // Everything marked data-live is replaced by its counterpart on a fresh copy of this page.
    function refreshLive() {
        fetch(window.location.href, { credentials: "same-origin" })
            .then(function (response) { return response.text(); })
            .then(function (html) {
                var fresh = new DOMParser().parseFromString(html, "text/html");
                document.querySelectorAll("[data-live][id]").forEach(function (old) {
                    var replacement = fresh.getElementById(old.id);
                    if (replacement) old.replaceWith(document.importNode(replacement, true));
                });
            });
    }
    document.addEventListener("click", function (event) {
        var link = event.target.closest && event.target.closest("a[data-prompt], a[data-close]");
        if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
        var inDialog = dialog && dialog.contains(link);
        if (link.hasAttribute("data-close")) {
            if (inDialog) {
                event.preventDefault();
                dialog.close();
            } else if (link.closest(".inline-prompt")) {
                event.preventDefault();
                link.closest(".inline-prompt").remove();
            }
            return;
        }
        event.preventDefault();
        var inline = link.closest(".inline-prompt");
        var target = inDialog ? dialog : inline || promptDialog();
        if (!inDialog && !inline) opener = link;
        loadPrompt(link.getAttribute("href"), target)
            .then(function () { if (target === dialog && !dialog.open) dialog.showModal(); })
            .catch(function () { window.location.assign(link.getAttribute("href")); });
    });
    document.addEventListener("submit", function (event) {
        var form = event.target;
        if (!form.classList.contains("prompt-form") || event.defaultPrevented) return;
        event.preventDefault();
        if (form.dataset.sending === "true") return;
        form.dataset.sending = "true";
        var container = form.closest("dialog, .inline-prompt") || form.parentElement;
        var button = event.submitter;
        var data = new URLSearchParams(new FormData(form, button));
        data.set("partial", "1");
        var action = (button && button.getAttribute("formaction")) || form.getAttribute("action");
        fetch(action, {
            method: "POST",
            credentials: "same-origin",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: data.toString()
        })
            .then(function (response) {
                if (!response.ok && response.status !== 422) throw new Error(String(response.status));
                return response.text();
            })
            .then(function (html) { show(container, html); })
            .catch(function () {
                delete form.dataset.sending;
                form.submit();
            });
    }, true);

    // A form is sent once: a second click while the first submission is on its way is ignored
    // (SPEC §6: double submits). The busy label tells the reader something is happening.
    document.addEventListener("submit", function (event) {
        var form = event.target;
        if (form.dataset.submitted === "true") {
            event.preventDefault();
            return;
        }
        form.dataset.submitted = "true";
        var button = event.submitter;
        if (button && button.dataset.busyLabel) {
            button.setAttribute("aria-busy", "true");
            button.textContent = button.dataset.busyLabel;
        }
    });

    // Coming back with the browser's back button shows the form as it was: usable again.
    window.addEventListener("pageshow", function () {
        document.querySelectorAll("form[data-submitted]").forEach(function (form) {
            delete form.dataset.submitted;
        });
    });

    // Take keyboard and screen reader users straight to a form's problems.
    var summary = document.getElementById("error-summary");
    if (summary) summary.focus();

    // Import progress: ask the server how far it has got, and open the report when done.
    var progress = document.querySelector("[data-poll]");
    if (progress) {
        var status = document.getElementById("import-status");
        var bar = document.getElementById("import-bar");
        var poll = function () {
            fetch(progress.dataset.poll, { headers: { Accept: "application/json" }, credentials: "same-origin" })
                .then(function (response) { return response.json(); })
                .then(function (state) {
                    if (state.status === "done" && state.report) {
                        window.location.assign(state.report);
                        return;
                    }
                    if (state.status !== "running") {
                        window.location.reload();
                        return;
                    }
                    if (state.total) {
                        bar.max = Number(state.total);
                        bar.value = Number(state.done);
                        status.textContent = "Saved " + state.done + " of " + state.total + " books…";
                    }
                    window.setTimeout(poll, 1000);
                })
                .catch(function () { window.setTimeout(poll, 3000); });
        };
        window.setTimeout(poll, 1000);
    }

    // Library on a phone: the search and filter panel folds (the active filters show as
    // removable badges) so the books come first; one tap opens it.
    var filters = document.querySelector("details.filters-panel");
    if (filters && window.matchMedia("(max-width: 700px)").matches) {
        filters.open = false;
    }

    // Author look-ups: keep the status line current while they run; when they finish, reload
    // once so that the radar and figures show what was found.
    var lookups = document.querySelector("[data-enrichment]");
    if (lookups && lookups.dataset.enrichment) {
        var watch = function () {
            fetch(lookups.dataset.enrichment, { headers: { Accept: "application/json" }, credentials: "same-origin" })
                .then(function (response) { return response.json(); })
                .then(function (state) {
                    if (!state.running) {
                        window.location.reload();
                        return;
                    }
                    if (state.message) lookups.textContent = state.message;
                    window.setTimeout(watch, 2000);
                })
                .catch(function () { window.setTimeout(watch, 5000); });
        };
        window.setTimeout(watch, 2000);
    }

    // Insights: the custom range's dates only matter (and only show) when "Custom range" is chosen.
    var period = document.getElementById("field-period");
    var range = document.querySelector(".custom-range");
    if (period && range) {
        var sync = function () { range.hidden = period.value !== "custom"; };
        period.addEventListener("change", sync);
        sync();
    }

    // A running reading session: the server says how long it has run (from its stored start,
    // so reloads, other tabs and restarts agree); this only counts on between page loads.
    // The book's own timer and the header's both count.
    var timers = document.querySelectorAll(".session-timer[data-elapsed]");
    if (timers.length) {
        var loaded = Date.now();
        var two = function (n) { return (n < 10 ? "0" : "") + n; };
        var tick = function () {
            var gone = Math.floor((Date.now() - loaded) / 1000);
            for (var i = 0; i < timers.length; i++) {
                var s = (parseInt(timers[i].getAttribute("data-elapsed"), 10) || 0) + gone;
                var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
                timers[i].textContent = h > 0 ? h + ":" + two(m) + ":" + two(sec) : two(m) + ":" + two(sec);
            }
        };
        window.setInterval(tick, 1000);
    }
})();

// A timeline wider than the phone scrolls inside its card: it opens on its latest months, the
// ones a reader came for, rather than on the oldest.
(function () {
    "use strict";
    var scrollers = document.querySelectorAll(".chart-scroll");
    for (var i = 0; i < scrollers.length; i++) {
        scrollers[i].scrollLeft = scrollers[i].scrollWidth;
    }
})();

// "Copy link": copies the text of the element a button names, saying so on the button.
(function () {
    "use strict";
    document.addEventListener("click", function (event) {
        var button = event.target.closest && event.target.closest("button[data-copy]");
        if (!button) return;
        var source = document.getElementById(button.getAttribute("data-copy"));
        if (!source) return;
        var text = source.textContent;
        function done(message) {
            button.textContent = message;
            window.setTimeout(function () { button.textContent = "Copy link"; }, 2500);
        }
        function selectIt() {
            var range = document.createRange();
            range.selectNodeContents(source);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            done("Selected: press Ctrl+C");
        }
        if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(text).then(function () { done("Copied"); }, selectIt);
        } else {
            selectIt();
        }
    });
})();

// "Print" buttons: shown only where a script can open the print dialog.
(function () {
    document.querySelectorAll("[data-print]").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () { window.print(); });
    });
})();

// Pictures as PNG (issue 20 item 11): a picture's SVG drawn onto a canvas. Used by the
// "Download as PNG" buttons (at twice its size) and by the share forms (at its size, sent with
// the form so that link previews, which do not read SVG, show the same picture). Without a
// script only the SVG is offered and links are made without a PNG.
(function () {
    function drawPNG(source, scale, done, failed) {
        fetch(source, { credentials: "same-origin" }).then(function (response) {
            if (!response.ok) { throw new Error(String(response.status)); }
            return response.text();
        }).then(function (text) {
            // A data: address, which the pages' image policy allows (blob: it does not).
            var url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
            var image = new Image();
            image.onerror = failed;
            image.onload = function () {
                var canvas = document.createElement("canvas");
                canvas.width = image.naturalWidth * scale;
                canvas.height = image.naturalHeight * scale;
                var context = canvas.getContext("2d");
                context.scale(scale, scale);
                context.drawImage(image, 0, 0);
                done(canvas);
            };
            image.src = url;
        }).catch(failed);
    }

    document.querySelectorAll("[data-png]").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () {
            var name = button.getAttribute("data-png-name") || "bookstrack.png";
            drawPNG(button.getAttribute("data-png"), 2, function (canvas) {
                canvas.toBlob(function (png) {
                    var link = document.createElement("a");
                    link.href = URL.createObjectURL(png);
                    link.download = name;
                    document.body.appendChild(link);
                    link.click();
                    link.remove();
                }, "image/png");
            }, function () { button.textContent = "PNG not available — use the SVG"; });
        });
    });

    document.querySelectorAll("form.share-form").forEach(function (form) {
        form.addEventListener("submit", function (event) {
            if (form.getAttribute("data-sending")) { return; }
            event.preventDefault();
            form.setAttribute("data-sending", "drawing");
            var card = "";
            var parameters = new URLSearchParams();
            Array.prototype.forEach.call(form.elements, function (field) {
                if (field.type !== "hidden" || !field.name || field.name === "_csrf") { return; }
                if (field.name === "card") { card = field.value; } else { parameters.append(field.name, field.value); }
            });
            var sent = false;
            var send = function (dataURL) {
                if (sent) { return; }
                sent = true;
                if (dataURL) {
                    var input = document.createElement("input");
                    input.type = "hidden";
                    input.name = "png";
                    input.value = dataURL;
                    form.appendChild(input);
                }
                form.submit();
            };
            // A picture that takes too long is left out rather than holding the link back.
            setTimeout(function () { send(null); }, 5000);
            // A form may name its picture (the year in books); an insights card's is found by its name.
            var picture = form.getAttribute("data-image")
                || "/insights/" + encodeURIComponent(card) + "/image.svg?" + parameters.toString();
            drawPNG(picture, 1, function (canvas) {
                send(canvas.toDataURL("image/png"));
            }, function () { send(null); });
        });
    });

    // A refused form answers at the address it was sent to (/sessions/…/finish); the page shown
    // is the book's, so the address becomes the book's again: a reload or a shared link shows it.
    var refusedAt = document.querySelector("[data-address]");
    if (refusedAt && window.history && history.replaceState) {
        history.replaceState(null, "", refusedAt.getAttribute("data-address"));
    }

    // An export over the server's upload limit: the server reads gzip, so the browser compresses
    // it first (a 100,000-book backup shrinks about tenfold); still too big, the reader is told
    // the command that has no limit, before waiting for an upload to be refused.
    document.querySelectorAll("input[type=file][data-upload-limit]").forEach(function (input) {
        var uploadForm = input.form;
        var limit = parseInt(input.getAttribute("data-upload-limit"), 10);
        var compressed = false;
        uploadForm.addEventListener("submit", function (event) {
            var file = input.files && input.files[0];
            if (compressed || !file || !(file.size > limit)) return;
            event.preventDefault();
            var say = function (text) {
                // Not sent: the form may be sent again (with another file).
                delete uploadForm.dataset.submitted;
                var note = uploadForm.querySelector(".upload-note") || document.createElement("p");
                note.className = "field-error upload-note";
                note.setAttribute("role", "alert");
                note.textContent = text;
                input.insertAdjacentElement("afterend", note);
            };
            var tooBig = "This file is " + Math.round(file.size / 1048576) + " MB, over this server's " +
                Math.round(limit / 1048576) + " MB. Import it on the server with `bookstrack import FILE --user NAME`, which has no limit.";
            if (!window.CompressionStream || !window.DataTransfer || /\.gz$/i.test(file.name)) { say(tooBig); return; }
            say("Compressing " + file.name + " before sending it…");
            new Response(file.stream().pipeThrough(new CompressionStream("gzip"))).blob().then(function (blob) {
                if (blob.size > limit) { say(tooBig); return; }
                var transfer = new DataTransfer();
                transfer.items.add(new File([blob], file.name + ".gz", { type: "application/gzip" }));
                input.files = transfer.files;
                compressed = true;
                uploadForm.submit();
            }, function () { say(tooBig); });
        });
    });

    // The goal form (seed 004): the kind first, then only the fields it takes; the target's
    // warning while choosing, by the same rule the goal's page applies after saving
    // (GoalProgress.unrealisticWarning). Without this every field shows and the page warns later.
    var kind = document.getElementById("field-kind");
    if (kind) {
        var form = kind.form;
        var target = document.getElementById("field-target");
        var cadence = document.getElementById("field-cadence");
        var warning = document.getElementById("target-warning");
        var perDay = { books: [1, "books"], diversity: [1, "books"], category: [1, "books"],
            authorsExplored: [1, "books"], genresExplored: [1, "books"], pages: [300, "pages"], minutes: [480, "minutes"] };
        var daysLeft = {};
        (target.getAttribute("data-days-left") || "").split(" ").forEach(function (pair) {
            var parts = pair.split(":");
            if (parts.length === 2) daysLeft[parts[0]] = parseInt(parts[1], 10);
        });
        var update = function () {
            form.querySelectorAll("[data-kinds]").forEach(function (part) {
                part.hidden = part.getAttribute("data-kinds").split(" ").indexOf(kind.value) < 0;
            });
            form.querySelectorAll("[data-cadences]").forEach(function (part) {
                part.hidden = part.getAttribute("data-cadences").split(" ").indexOf(cadence.value) < 0;
            });
            var rule = perDay[kind.value];
            var days = daysLeft[cadence.value];
            var wanted = parseInt(target.value, 10);
            if (rule && days && wanted > 0 && wanted / days > rule[0]) {
                warning.textContent = "This requires " + (wanted / days).toFixed(1) + " " + rule[1] + "/day.";
                warning.hidden = false;
            } else {
                warning.hidden = true;
            }
        };
        [kind, target, cadence].forEach(function (input) {
            input.addEventListener("input", update);
            input.addEventListener("change", update);
        });
        update();
    }
})();

// The service worker keeps the shell and the last insights page for when the network is gone
// (SPEC F11). Browsers allow one only on HTTPS or on this machine.
if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
        navigator.serviceWorker.register("/sw.js").catch(function () { /* pages work without it */ });
    });
}
